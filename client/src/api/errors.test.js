import { describe, expect, it } from "vitest";
import { ApiError, toApiError, UNEXPECTED_MESSAGE } from "./errors.js";

describe("toApiError", () => {
  it("keeps the server's {message} and status", () => {
    const error = toApiError({ response: { status: 503, data: { message: "Down for maintenance." } } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Down for maintenance.");
    expect(error.status).toBe(503);
  });

  it("uses the standard message when the body has none", () => {
    expect(toApiError({ response: { status: 502, data: "<html>Bad gateway</html>" } }).message).toBe(UNEXPECTED_MESSAGE);
    expect(toApiError({ response: { status: 500, data: { message: "  " } } }).message).toBe(UNEXPECTED_MESSAGE);
  });

  it("uses the standard message when there was no response at all", () => {
    const error = toApiError(new Error("Network Error"));
    expect(error.message).toBe(UNEXPECTED_MESSAGE);
    expect(error.status).toBe(0);
  });
});
