import { useEffect, useRef } from "react";
import { registerSiteTools } from "../webmcp/tools";

export function useSiteTools(opts: { openBooking: (therapist: string) => void }) {
  const open = useRef(opts.openBooking);
  open.current = opts.openBooking;

  useEffect(() => {
    const controller = new AbortController();
    const run = async () => {
      await registerSiteTools({ openBooking: (t) => open.current(t) }, controller.signal);
    };
    void run();
    return () => controller.abort();
  }, []);
}
