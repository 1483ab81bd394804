// @vitest-environment jsdom
// The client's own link: a plain click navigates in the page with the given state, a modified click
// (new tab) is the browser's, as with react-router's <Link>.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link } from "./Link.jsx";

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function app(link) {
  return render(
    <MemoryRouter initialEntries={["/login"]}>
      <Routes>
        <Route path="/login" element={link} />
        <Route path="/signup" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("Link", () => {
  it("is an <a href> to the route, with the caller's attributes", () => {
    app(
      <Link to="/signup" className="quiet">
        Sign Up
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Sign Up" });
    expect(link.getAttribute("href")).toBe("/signup");
    expect(link.className).toBe("quiet");
  });

  it("navigates in the page on a plain click, carrying its state", () => {
    app(
      <Link to="/signup" state={{ studentAnswers: { a: 1 } }}>
        Sign Up
      </Link>,
    );
    const click = fireEvent.click(screen.getByRole("link", { name: "Sign Up" }));
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(screen.getByTestId("where").textContent).toBe('/signup {"studentAnswers":{"a":1}}');
  });

  it("leaves a modified click to the browser, and lets the caller's onClick prevent it", () => {
    const onClick = vi.fn((event) => event.detail === 2 && event.preventDefault());
    app(
      <Link to="/signup" onClick={onClick}>
        Sign Up
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Sign Up" });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { detail: 2 })).toBe(false);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId("where")).toBeNull();
  });
});
