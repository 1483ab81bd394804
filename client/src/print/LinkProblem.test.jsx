// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { LinkProblem } from "./LinkProblem.jsx";

afterEach(cleanup);

it("names the link as the problem, with no sign-in form", () => {
  const { container, getByRole } = render(<LinkProblem />);
  expect(getByRole("heading").textContent).toBe("This link to the application does not work");
  expect(container.textContent).toContain("invalid, has expired or was revoked");
  expect(container.textContent).toContain("staff list");
  expect(container.querySelectorAll("input, form").length).toBe(0);
});
