import { describe, expect, it } from "vitest";
import { iconFiles, rewriteIconImports } from "./lucide-icons";

const index = `export { default as Check, default as CheckIcon, default as LucideCheck } from './icons/check.mjs';
export { default as AlertTriangle, default as AlertTriangleIcon, default as TriangleAlert } from './icons/triangle-alert.mjs';
export { default as createLucideIcon } from './createLucideIcon.mjs';`;

describe("lucide icons", () => {
  const files = iconFiles(index);

  it("reads every name lucide's index gives an icon, aliases included, and nothing else", () => {
    expect(files.get("CheckIcon")).toBe("check");
    expect(files.get("AlertTriangleIcon")).toBe("triangle-alert");
    expect(files.get("TriangleAlert")).toBe("triangle-alert");
    expect(files.has("createLucideIcon")).toBe(false);
  });

  it("imports each icon from its own file, keeps local names, and leaves other names on the index", () => {
    const code = `import { jsx } from "react/jsx-runtime";\nimport { CheckIcon, AlertTriangleIcon as Warning, createLucideIcon } from "lucide-react";\nexport const a = [CheckIcon, Warning];`;
    expect(rewriteIconImports(code, (name) => files.get(name))).toBe(
      `import { jsx } from "react/jsx-runtime";\nimport CheckIcon from "lucide-react/icons/check";\nimport Warning from "lucide-react/icons/triangle-alert";\nimport { createLucideIcon } from "lucide-react";\nexport const a = [CheckIcon, Warning];`,
    );
  });

  it("reads imports over several lines and leaves code without icons alone", () => {
    expect(rewriteIconImports(`import {\n  CheckIcon,\n} from 'lucide-react';`, (name) => files.get(name))).toBe(`import CheckIcon from "lucide-react/icons/check";`);
    const other = `import { createLucideIcon } from "lucide-react";`;
    expect(rewriteIconImports(other, (name) => files.get(name))).toBe(other);
  });
});
