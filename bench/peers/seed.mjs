// The complete answer set saved into the signed-in applicant's application through the engine's own
// API (add-another counts first, then the answers a page at a time), shared by the benchmark and the
// profile. Returns what failed ([] when everything saved).
export function saveAnswerSet(page, set) {
  return page.evaluate(async (s) => {
    const put = (url, body) =>
      fetch(url, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const bad = [];
    for (const [button, count] of Object.entries(s.add_another)) {
      const response = await put("/api/add-another", { button_id: button, num_components: count });
      if (!response.ok) bad.push(`${button}: ${response.status}`);
    }
    const pages = new Map();
    for (const [key, value] of Object.entries(s.answers)) {
      const stem = key.slice(0, 3);
      if (!pages.has(stem)) pages.set(stem, {});
      pages.get(stem)[key] = value;
    }
    for (const answers of pages.values()) {
      const response = await put("/api/answer", answers);
      if (!response.ok) bad.push(`answers: ${response.status} ${await response.text()}`);
    }
    return bad;
  }, set);
}
