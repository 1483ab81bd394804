// @vitest-environment jsdom
// Saving through a server outage: a 503 (the database restarting, with Retry-After) keeps the typed
// answers on the device and saves them again when the server said, as a dropped connection does.
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServerError } from "../../api/errors.js";
import { createAnswerStore, loadPending } from "../answerStore.js";
import { clearSession, updateSnapshot } from "../sessionStore.js";
import { retryDelay, useSaving } from "./useSaving.js";

vi.mock("../../api/client.js", () => ({ saveAnswersCall: vi.fn() }));
const api = await import("../../api/client.js");

const USER = "ada@example.com";
const WORDS = "Our application site is catching its breath: your answers are kept, try again shortly.";

beforeEach(() => {
  localStorage.clear();
  updateSnapshot({ username: USER, is_logged_in: true });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe("saving answers through a 503", () => {
  it("keeps the answers, says the server's words, and saves them again after Retry-After", async () => {
    api.saveAnswersCall
      .mockRejectedValueOnce(new ServerError(WORDS, 503, { message: WORDS }, 1))
      .mockResolvedValue({ message: "Your answers have been saved." });
    const answerStore = createAnswerStore({});
    const props = { ready: true, loggedIn: true, answerStore, followVersion: () => {}, onChange: () => {} };
    const { result } = renderHook(() => useSaving(props)); // the same callbacks on every render, as the shell's
    await act(async () => {
      result.current.updateAnswers({ first_name: "Ada" });
      await result.current.flush();
    });
    expect(result.current.save).toEqual({ state: "failed", message: WORDS });
    expect(loadPending(USER)).toEqual({ first_name: "Ada" }); // on the device until the server has it
    expect(answerStore.get()).toEqual({ first_name: "Ada" });

    await waitFor(() => expect(result.current.save.state).toBe("saved"), { timeout: 8000 });
    expect(api.saveAnswersCall).toHaveBeenCalledTimes(2);
    expect(api.saveAnswersCall).toHaveBeenLastCalledWith({ first_name: "Ada" });
    expect(loadPending(USER)).toEqual({});
  });

  it("waits what Retry-After says, within bounds, and 10 s when the server did not say", () => {
    expect(retryDelay(new ServerError(WORDS, 503, null, 2))).toBe(2000);
    expect(retryDelay(new ServerError(WORDS, 503, null, 0))).toBe(1000);
    expect(retryDelay(new ServerError(WORDS, 503, null, 3600))).toBe(10000);
    expect(retryDelay(new ServerError("offline", 0, null))).toBe(10000);
  });
});
