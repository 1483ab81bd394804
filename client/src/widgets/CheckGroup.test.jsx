// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CheckGroup } from "./CheckGroup.jsx";

afterEach(cleanup);

describe("CheckGroup", () => {
  it("is one group named by its label around its items", () => {
    render(
      <CheckGroup layout={{ label: "Which of these describe you?" }}>
        <label>
          <input type="checkbox" /> Asian
        </label>
        <label>
          <input type="checkbox" /> White
        </label>
      </CheckGroup>,
    );
    const group = screen.getByRole("group", { name: "Which of these describe you?" });
    expect(group.querySelectorAll("input[type=checkbox]").length).toBe(2);
  });
});
