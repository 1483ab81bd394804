import { lazy } from "react";

const RELOAD_KEY = "formengine.chunkReload";

/**
 * React.lazy for a page. When a chunk cannot be fetched (a new release replaced the hashed files
 * while this tab was open) the page reloads once to get the new index; a second failure goes to
 * the error boundary.
 */
export function lazyPage(load, name = "default") {
  return lazy(() =>
    load().then(
      (module) => {
        try {
          sessionStorage.removeItem(RELOAD_KEY);
        } catch {
          /* ignore */
        }
        return name === "default" ? module : { default: module[name] };
      },
      (error) => {
        let reloaded = true;
        try {
          reloaded = sessionStorage.getItem(RELOAD_KEY) === "1";
          if (!reloaded) sessionStorage.setItem(RELOAD_KEY, "1");
        } catch {
          /* no storage: do not loop */
        }
        if (reloaded) throw error;
        window.location.reload();
        return new Promise(() => {});
      },
    ),
  );
}
