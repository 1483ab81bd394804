// A small compiled form in the shape GET /public/form serves (only the parts the shell reads).
export const compiledForm = {
  format: 1,
  schema_version: 1,
  tenant: { id: "example", name: "Example College", default_route: "/education" },
  settings: { breakpoints: { tablet: 900, mobile: 675 } },
  pages: [
    { id: "about", number: 1, route: "/about", title: "About You", nav_label: "About You" },
    { id: "education", number: 2, route: "/education", title: "Academics", nav_label: "ACADEMICS" },
    { id: "final", number: 3, route: "/final-steps", title: "Finish Up", nav_label: "FINISH UP" },
  ],
};
