import { useEffect, useState } from "react";

export interface Booking {
  start: string;
  open: boolean;
}

export function useBookings(studio: string): Booking[] {
  const [list, setList] = useState<Booking[]>([]);
  useEffect(() => {
    fetch(`/api/studios/${encodeURIComponent(studio)}/bookings`)
      .then((r) => r.json())
      .then(setList);
  }, [studio]);
  return list;
}
