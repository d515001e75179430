// Calls to the library's loan service.
export const api = {
  async renew(loanId: string, weeks: number) {
    const res = await fetch(`/api/loans/${encodeURIComponent(loanId)}/renew`, {
      method: "POST",
      body: JSON.stringify({ weeks }),
    });
    return res.json();
  },
  async loans() {
    const res = await fetch("/api/loans");
    return res.json();
  },
};
