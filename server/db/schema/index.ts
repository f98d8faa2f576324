export * from "./auth";
export * from "./billing";
export * from "./users";
export * from "./seo-llm";
export * from "./academy";
export * from "./jobs";
export * from "./seeds";
