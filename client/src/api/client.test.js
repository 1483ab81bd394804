import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as api from "./client.js";
import { ServerError, UnauthorizedError } from "./errors.js";
import { CATALOGUE } from "../strings/catalogue.js";

const UNEXPECTED_MESSAGE = CATALOGUE.shell_unexpected;
const SESSION_INVALID_MESSAGE = CATALOGUE.shell_session_invalid;

// A real HTTP server on loopback stands in for the engine; each test sets its answer.
let server;
let reply;
const requests = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      requests.push({ method: request.method, url: request.url, headers: request.headers, body });
      const {
        status = 200,
        type = "application/json",
        text = '{"message": "ok"}',
        headers = {},
      } = typeof reply === "function" ? reply(requests.length) : reply;
      response.writeHead(status, { "Content-Type": type, ...headers });
      response.end(text);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.configureApi({ baseURL: `http://127.0.0.1:${server.address().port}/` });
});

afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  requests.length = 0;
  reply = { status: 200, text: '{"message": "ok"}' };
  api.setUnauthorizedHandler(null);
});

describe("the JSON helper", () => {
  it("sends a JSON content type and a JSON body when there is a payload", async () => {
    await expect(api.login({ username: "a@b.co", password: "pw" })).resolves.toEqual({ message: "ok" });
    const sent = requests.at(-1);
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/public/login");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent.body)).toEqual({ username: "a@b.co", password: "pw" });
  });

  it("sends no content type and no body without a payload", async () => {
    await api.fetchProfile();
    const sent = requests.at(-1);
    expect(sent).toMatchObject({ method: "GET", url: "/api/profile", body: "" });
    expect(sent.headers["content-type"]).toBeUndefined();
    expect(sent.headers.accept).toContain("application/json");
  });

  it("carries studentAnswers with sign-up and query parameters encoded", async () => {
    await api.signup({ username: "a@b.co", password: "x", studentAnswers: { first_name: "Ann" } });
    expect(JSON.parse(requests.at(-1).body).studentAnswers).toEqual({ first_name: "Ann" });
    await api.fetchTemporaryAnswer("a b&c");
    expect(requests.at(-1).url).toBe("/public/tmp?token=a+b%26c");
  });

  it("reads the server's message of a non-OK answer as a server error", async () => {
    reply = { status: 400, text: '{"message": "The email address or password is incorrect."}' };
    const error = await api.login({ username: "a@b.co", password: "x" }).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(400);
    expect(error.message).toBe("The email address or password is incorrect.");
  });

  it("carries a 503's message and its Retry-After (the database restarting)", async () => {
    const words = "Our application site is catching its breath: your answers are kept, try again shortly.";
    reply = { status: 503, text: JSON.stringify({ message: words }), headers: { "Retry-After": "2" } };
    const error = await api.saveAnswersCall({ first_name: "Ada" }).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, message: words, retryAfterS: 2 });
    reply = { status: 500, text: '{"message": "x"}' };
    expect((await api.fetchProfile().catch((e) => e)).retryAfterS).toBeNull();
  });

  it("uses the standard message when the answer is not JSON or has no message", async () => {
    reply = { status: 502, type: "text/html", text: "<h1>Bad gateway</h1>" };
    expect((await api.fetchProfile().catch((e) => e)).message).toBe(UNEXPECTED_MESSAGE);
    reply = { status: 500, text: '{"error": "x"}' };
    expect((await api.fetchProfile().catch((e) => e)).message).toBe(UNEXPECTED_MESSAGE);
    reply = { status: 200, type: "text/html", text: "<html></html>" };
    const notJson = await api.fetchProfile().catch((e) => e);
    expect(notJson).toBeInstanceOf(ServerError);
    expect(notJson.message).toBe(UNEXPECTED_MESSAGE);
  });

  it("uses the standard message when the server cannot be reached", async () => {
    api.configureApi({ baseURL: "http://127.0.0.1:9/" });
    try {
      const error = await api.fetchProfile().catch((e) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error.message).toBe(UNEXPECTED_MESSAGE);
    } finally {
      api.configureApi({ baseURL: `http://127.0.0.1:${server.address().port}/` });
    }
  });

  it("on 401 runs the unauthorized handler once and throws an unauthorized error", async () => {
    reply = { status: 401, text: JSON.stringify({ message: SESSION_INVALID_MESSAGE }) };
    const handler = vi.fn();
    api.setUnauthorizedHandler(handler);
    const error = await api.saveAnswersCall({ first_name: "A" }).catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe(SESSION_INVALID_MESSAGE);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0]).toBe(error);
  });

  it("leaves a print-view link's 401 to the caller: no session handler, no sign-in page", async () => {
    reply = { status: 401, text: JSON.stringify({ message: "This service link is invalid." }) };
    const handler = vi.fn();
    api.setUnauthorizedHandler(handler);
    vi.stubGlobal("location", { search: "?print_language=fr" }); // the print page's address, as a browser has it
    const error = await api.fetchServiceView("stale").catch((e) => e);
    vi.unstubAllGlobals();
    expect(requests.at(-1).url).toBe("/service/tmp-pdf?service_token=stale&language=fr");
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(handler).not.toHaveBeenCalled();
  });

  it("retries the web-status post twice, and nothing else", async () => {
    reply = (n) =>
      n < 3
        ? { status: 503, text: '{"message": "busy"}' }
        : { status: 200, text: '{"message": "Status saved."}' };
    await expect(api.postWebStatus("started")).resolves.toEqual({ message: "Status saved." });
    expect(requests.map((r) => r.url)).toEqual(["/api/web-status", "/api/web-status", "/api/web-status"]);
    requests.length = 0;
    reply = { status: 503, text: '{"message": "busy"}' };
    await expect(api.saveLastPage("/about")).rejects.toThrow("busy");
    expect(requests).toHaveLength(1);
  });

  it("encodes a lookup's query and rejects when it fails (the widget falls back to the typed text)", async () => {
    reply = { status: 200, text: '[{"id": "a1", "text": "1 Spring St"}]' };
    await expect(api.lookupFind("address", "spring st&co")).resolves.toEqual([
      { id: "a1", text: "1 Spring St" },
    ]);
    expect(requests.at(-1).url).toBe("/lookup/find?text=spring%20st%26co&category=address&max_results=5");
    await api.lookupDetail("address", "a/1");
    expect(requests.at(-1).url).toBe("/lookup/find?id=a%2F1&category=address");
    reply = { status: 500, text: '{"message": "down"}' };
    await expect(api.lookupFind("address", "spring")).rejects.toThrow("down");
  });

  it("sends a DELETE with a JSON body and the answer key as one path segment", async () => {
    await api.deleteDocumentAnswer("essay/file");
    const sent = requests.at(-1);
    expect(sent).toMatchObject({ method: "DELETE", url: "/api/document-answer/essay%2Ffile", body: "{}" });
    expect(sent.headers["content-type"]).toBe("application/json");
    await api.startConversion("essay_file", "uploads/x.docx", "x.docx");
    expect(requests.at(-1)).toMatchObject({ method: "POST", url: "/api/pdf/document-answer/essay_file" });
    expect(JSON.parse(requests.at(-1).body)).toEqual({ file_key: "uploads/x.docx", file_name: "x.docx" });
  });
});
