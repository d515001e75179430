// The storefront's JSON client.
export const api = {
  async post(path: string, body: unknown) {
    const res = await fetch(path, { method: "POST", body: JSON.stringify(body) });
    return res.json();
  },
};
