// Root-level services every route can use: toasts, the "Unexpected Error" dialog and logout.
import { createContext, useContext } from "react";

export const ServicesContext = createContext(null);
export const useServices = () => useContext(ServicesContext);
