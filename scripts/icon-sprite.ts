/**
 * Writes app/components/ui/icons.svg: one <symbol> per icon app/components/ui/icons.tsx names,
 * drawn from lucide-react's own data, so an icon is its <svg> and a <use> of the sprite instead of
 * its paths in every page's JavaScript. Run it after adding an icon there:
 *
 *   node --import tsx scripts/icon-sprite.ts
 *
 * app/components/ui/icons.test.ts fails when the sprite is not what this would write.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
export const ICONS_MODULE = path.join(ROOT, "app/components/ui/icons.tsx");
export const SPRITE = path.join(ROOT, "app/components/ui/icons.svg");

/** The lucide names icons.tsx draws, in its order. */
export function iconNames(source = fs.readFileSync(ICONS_MODULE, "utf8")): string[] {
  return [...new Set([...source.matchAll(/<SpriteIcon name="([a-z0-9-]+)"/g)].map((match) => match[1]))];
}

type IconNode = [tag: string, attributes: Record<string, string | number>][];

async function iconNode(name: string): Promise<IconNode> {
  const file = path.join(ROOT, "node_modules/lucide-react/dist/esm/icons", `${name}.mjs`);
  if (!fs.existsSync(file)) throw new Error(`lucide has no icon named "${name}" (app/components/ui/icons.tsx).`);
  const module = (await import(file)) as { __iconData: { node: IconNode } };
  return module.__iconData.node;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function element([tag, attributes]: IconNode[number]): string {
  // `key` is React's, not the drawing's.
  const list = Object.entries(attributes).filter(([name]) => name !== "key");
  return `<${tag}${list.map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`).join("")}/>`;
}

export async function sprite(names = iconNames()): Promise<string> {
  const symbols = await Promise.all(names.map(async (name) => `<symbol id="${name}" viewBox="0 0 24 24">${(await iconNode(name)).map(element).join("")}</symbol>`));
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(SPRITE, await sprite());
  console.log(`Wrote ${path.relative(ROOT, SPRITE)} (${iconNames().length} icons)`);
}
