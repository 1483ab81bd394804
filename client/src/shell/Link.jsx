import { useHref, useLinkClickHandler } from "react-router";

/**
 * A link to one of the client's own routes (an account route or a form page; `formengine validate`
 * lets a banner link to nothing else): an `<a href>` that navigates in the page on a plain click and
 * leaves a modified click (new tab, new window) to the browser, with `state` for the next page; what
 * react-router's `<Link>` does for such a link. Its `<Link>` also carries the framework's prefetching
 * and route discovery, which this client never uses: 2.3 KB gzipped on every page.
 */
export function Link({ to, state, replace, onClick, children, ...props }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state, replace });
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}
