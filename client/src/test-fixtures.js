// A small compiled form in the shape GET /public/form serves (only what the shell reads).
export const compiledForm = {
  schema_version: 1,
  settings: { name: "Example College", default_route: "/education" },
  pages: [
    { route: "/about", title: "About You", nav_label: "About You" },
    { route: "/education", title: "Academics", nav_label: "ACADEMICS" },
    { route: "/final-steps", title: "Finish Up", nav_label: "FINISH UP" },
  ],
};
