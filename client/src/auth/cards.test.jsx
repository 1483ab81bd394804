// @vitest-environment jsdom
// The cards' shared submit (useCardForm's submitWith): field checks before any request, the card busy
// while its request runs, the card's own error title on a failure, navigation state on a success.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client.js", () => ({
  confirmAccount: vi.fn(),
  resendConfirm: vi.fn(),
  signup: vi.fn(),
  forgotPassword: vi.fn(),
}));

const api = await import("../api/client.js");
const { ServicesContext } = await import("../shell/services.js");
const { getSnapshot } = await import("../shell/sessionStore.js");
const { default: ConfirmCard } = await import("./ConfirmCard.jsx");
const { default: SignupCard } = await import("./SignupCard.jsx");
const { default: ForgotCard } = await import("./ForgotCard.jsx");

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

function renderCard(path, Card, state) {
  const toast = { error: vi.fn(), success: vi.fn(), clear: vi.fn() };
  render(
    <ServicesContext.Provider value={{ toast, tenantName: "Test College" }}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={<Card />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return toast;
}

const type = (label, value) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: /Submit/ }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("auth cards' submit", () => {
  it("checks the fields first: no request, the errors shown and the first invalid field focused", () => {
    renderCard("/confirm", ConfirmCard);
    type("Email", "ada@example.org");
    submit();
    expect(api.confirmAccount).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText("Confirmation Code"));
    expect(screen.getByLabelText("Confirmation Code").getAttribute("aria-invalid")).toBe("true");
  });

  it("is busy while the request runs, then shows the server's message under the card's title and can be retried", async () => {
    let fail;
    api.confirmAccount.mockReturnValue(
      new Promise((_, reject) => {
        fail = reject;
      }),
    );
    const toast = renderCard("/confirm", ConfirmCard, { username: "ada@example.org" });
    type("Confirmation Code", "123456");
    submit();
    const button = screen.getByRole("button", { name: /Submit/ });
    expect(button.disabled).toBe(true);
    expect(api.confirmAccount).toHaveBeenCalledWith({ username: "ada@example.org", code: "123456" });
    await act(async () => fail(new Error("That code is not right.")));
    expect(toast.error).toHaveBeenCalledWith("Confirm Card Error", "That code is not right.");
    expect(button.disabled).toBe(false);
    expect(screen.getByTestId("where").textContent).toBe("/confirm");
  });

  it("a code that confirms the account signs in: the form opens with the server's message", async () => {
    api.confirmAccount.mockResolvedValue({
      message: "Your account has been confirmed, and you are signed in.",
      username: "ada@example.org",
      num_logins: 1,
    });
    const toast = renderCard("/confirm", ConfirmCard, { username: "ada@example.org" });
    type("Confirmation Code", "123456");
    await act(async () => submit());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
    expect(toast.success).toHaveBeenCalledWith(
      "Success",
      "Your account has been confirmed, and you are signed in.",
    );
    expect(getSnapshot().username).toBe("ada@example.org");
  });

  it("an account confirmed before goes to the login card with the server's message", async () => {
    api.confirmAccount.mockResolvedValue({ message: "Your account is already confirmed. Please log in." });
    renderCard("/confirm", ConfirmCard, { username: "ada@example.org" });
    type("Confirmation Code", "123456");
    await act(async () => submit());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/login"));
    const state = JSON.parse(screen.getByTestId("where").dataset.state);
    expect(state).toMatchObject({
      username: "ada@example.org",
      successMessage: expect.stringContaining("log in"),
    });
  });

  it("the confirm card sends a new code to the address typed", async () => {
    api.resendConfirm.mockResolvedValue({ message: "A new code is on its way." });
    const toast = renderCard("/confirm", ConfirmCard, { username: " ada@example.org " });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send a new code" })));
    expect(api.resendConfirm).toHaveBeenCalledWith({ username: "ada@example.org" });
    expect(toast.success).toHaveBeenCalledWith("Confirmation Code Sent", "A new code is on its way.");
    type("Email", "not an address");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send a new code" })));
    expect(api.resendConfirm).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(
      "Resend Confirmation Code Error",
      "You must provide a valid email address to resend a confirmation code.",
    );
  });

  it("moves on with the trimmed username, the server's message and the visitor's answers", async () => {
    api.signup.mockResolvedValue({ message: "Check your e-mail for a code." });
    const studentAnswers = { first_name: "Ada" };
    renderCard("/signup", SignupCard, { studentAnswers });
    type("Email", "  ada@example.org ");
    type("Password", "Correct-Horse-9-battery");
    submit();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/confirm"));
    expect(api.signup).toHaveBeenCalledWith({
      username: "ada@example.org",
      password: "Correct-Horse-9-battery",
      studentAnswers,
    });
    expect(JSON.parse(screen.getByTestId("where").dataset.state)).toEqual({
      username: "ada@example.org",
      successMessage: "Check your e-mail for a code.",
      studentAnswers,
    });
  });

  it("a card that stays put is usable again after a success", async () => {
    api.forgotPassword.mockResolvedValue({ message: "If that address has an account, we sent a link." });
    const toast = renderCard("/forgot", ForgotCard);
    type("Email", "ada@example.org");
    submit();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "Check Your Email",
        "If that address has an account, we sent a link.",
      ),
    );
    expect(screen.getByRole("button", { name: /Submit/ }).disabled).toBe(false);
  });
});
