import { GlobeIcon } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { siteLabel } from "#domain/search-console";

/**
 * Seed 000 §2: the site's favicon from a favicon service at twice the size shown (sharp on dense
 * screens), a globe while it loads or when it fails. The image is made only after hydration, so a
 * failure is always seen by its handler; without JavaScript the globe stays.
 */
export function SiteFavicon({ siteUrl, size = 16 }: { siteUrl: string; size?: number }) {
  const [state, setState] = useState<"idle" | "loading" | "loaded" | "failed">("idle");
  useEffect(() => setState("loading"), []);
  const domain = siteLabel(siteUrl).split("/")[0];
  const src = `https://www.google.com/s2/favicons?domain=${encodeURIComponent(domain ?? "")}&sz=${size * 2}`;
  return (
    <span className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      {state !== "loaded" ? <GlobeIcon className="text-slate-400" style={{ width: size, height: size }} aria-hidden data-testid="favicon-globe" /> : null}
      {state === "loading" || state === "loaded" ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          className={state === "loaded" ? "rounded-sm" : "absolute inset-0 opacity-0"}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
        />
      ) : null}
    </span>
  );
}
