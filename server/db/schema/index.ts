export * from "./auth";
export * from "./billing";
export * from "./users";
export * from "./seo-llm";
