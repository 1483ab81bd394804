import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchCompiledForm, http } from "./client.js";
import { ApiError, UNEXPECTED_MESSAGE } from "./errors.js";
import { compiledForm } from "../test-fixtures.js";

// A real HTTP server on loopback stands in for the engine.
let server;
let status = 200;
let body = JSON.stringify(compiledForm);
const requests = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ method: request.method, url: request.url, accept: request.headers.accept });
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  http.defaults.baseURL = `http://127.0.0.1:${server.address().port}/`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("fetchCompiledForm", () => {
  it("GETs /public/form as JSON", async () => {
    status = 200;
    body = JSON.stringify(compiledForm);
    await expect(fetchCompiledForm()).resolves.toEqual(compiledForm);
    expect(requests.at(-1)).toMatchObject({ method: "GET", url: "/public/form" });
    expect(requests.at(-1).accept).toContain("application/json");
  });

  it("turns an error response into an ApiError with the server's message", async () => {
    status = 500;
    body = JSON.stringify({ message: UNEXPECTED_MESSAGE });
    const error = await fetchCompiledForm().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(error.message).toBe(UNEXPECTED_MESSAGE);
  });

  it("reports an unreachable server with the standard message", async () => {
    const saved = http.defaults.baseURL;
    http.defaults.baseURL = "http://127.0.0.1:9/";
    try {
      const error = await fetchCompiledForm().catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toBe(UNEXPECTED_MESSAGE);
    } finally {
      http.defaults.baseURL = saved;
    }
  });
});
