import { PlayCircleIcon } from "~/components/ui/icons";
import { useCallback, useState } from "react";
import { cn } from "~/lib/utils";

/**
 * Seed 001 §2: the admin's thumbnail, else the video host's image, else a placeholder. The
 * placeholder always sits behind the image, so one that fails before (or without) JavaScript shows
 * it rather than a broken image; with JavaScript the failed image is also dropped.
 */
export function VideoThumbnail({ src, className }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  // An image that failed before hydration fired its error event before React listened.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(img.getAttribute("src"));
  }, []);
  const showImage = Boolean(src) && failed !== src;
  return (
    <div className={cn("relative aspect-video w-full overflow-hidden rounded-md bg-slate-100", className)}>
      <div className="absolute inset-0 flex items-center justify-center text-slate-400" data-testid="thumbnail-placeholder">
        <PlayCircleIcon className="size-10" aria-hidden />
      </div>
      {showImage ? (
        <img
          ref={checkLoaded}
          src={src ?? undefined}
          alt=""
          loading="lazy"
          // Without JavaScript a broken image shows nothing over the placeholder (no alt text, no icon).
          className="relative size-full object-cover text-transparent"
          onError={() => setFailed(src ?? null)}
          data-testid="thumbnail-image"
        />
      ) : null}
    </div>
  );
}
