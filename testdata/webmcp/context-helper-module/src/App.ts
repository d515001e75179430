import { useState } from "react";
import { useSiteTools } from "./hooks/useSiteTools";

export default function App() {
  const [booking, setBooking] = useState<string | null>(null);
  useSiteTools({ openBooking: setBooking });
  return booking;
}
