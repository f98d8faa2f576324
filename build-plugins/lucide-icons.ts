import fs from "node:fs";
import type { Plugin } from "vite";

/**
 * `import { XIcon } from "lucide-react"` becomes `import XIcon from "lucide-react/icons/x"` in the
 * browser build. Rollup finds the same icons through lucide's index, but build-plugins/page-chunks.ts
 * reads which module imports which, and through the index every page would import every icon.
 * The names come from the index itself, so a renamed or aliased icon resolves as lucide says.
 */
export function lucideIcons(): Plugin {
  let files: Map<string, string> | null = null;
  return {
    name: "sightline:lucide-icons",
    apply: "build",
    async transform(code, id, options) {
      if (options?.ssr || id.includes("/node_modules/") || !code.includes("lucide-react")) return null;
      if (!files) {
        const index = await this.resolve("lucide-react", id);
        if (!index) throw new Error("lucide-react cannot be resolved.");
        files = iconFiles(fs.readFileSync(index.id.replace(/\?.*$/, ""), "utf8"));
      }
      const known = files;
      const rewritten = rewriteIconImports(code, (name) => known.get(name));
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/** lucide's index (`export { default as X, default as XIcon } from './icons/x.mjs'`): name → file. */
export function iconFiles(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) files.set(name, file);
  }
  return files;
}

/** Each named import from lucide-react that is an icon becomes a default import of its own file. */
export function rewriteIconImports(code: string, fileOf: (name: string) => string | undefined): string {
  return code.replace(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, (statement, list: string) => {
    const icons: string[] = [];
    const rest: string[] = [];
    for (const specifier of list.split(",").map((part) => part.trim()).filter(Boolean)) {
      const [imported, local = imported] = specifier.split(/\s+as\s+/);
      const file = fileOf(imported);
      // `type X` names no icon, so it stays on the index with whatever else is not one.
      if (file) icons.push(`import ${local} from "lucide-react/icons/${file}";`);
      else rest.push(specifier);
    }
    if (!icons.length) return statement;
    return [...icons, ...(rest.length ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [])].join("\n");
  });
}
