import { Navigate, Route, Routes } from "react-router";
import { fetchCompiledForm } from "../api/client.js";
import { FormPage } from "../form/FormPage.jsx";
import { useCompiledForm } from "../form/useCompiledForm.js";
import { Layout } from "./Layout.jsx";
import { LoadError, Loading } from "./Status.jsx";

/** The application shell: loads the compiled form, then routes to its pages. */
export function App({ loadForm = fetchCompiledForm }) {
  const form = useCompiledForm(loadForm);
  if (form.status === "loading") return <Loading />;
  if (form.status === "error") return <LoadError message={form.error.message} onRetry={form.retry} />;

  const { summary } = form;
  return (
    <Layout summary={summary}>
      <Routes>
        {summary.pages.map((page) => (
          <Route key={page.route} path={page.route} element={<FormPage page={page} tenantName={summary.tenantName} />} />
        ))}
        {/* The location validator: any unknown location goes to the default route. */}
        <Route path="*" element={<Navigate to={summary.defaultRoute} replace />} />
      </Routes>
    </Layout>
  );
}
