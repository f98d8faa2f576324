import { PlayCircleIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/utils";

/**
 * Seed 001 §2: the admin's thumbnail, else the video host's image, else a placeholder (also when
 * the host's image does not load).
 */
export function VideoThumbnail({ src, className }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  const frame = cn("relative aspect-video w-full overflow-hidden rounded-md bg-slate-100", className);
  if (!src || failed) {
    return (
      <div className={cn(frame, "flex items-center justify-center text-slate-400")} data-testid="thumbnail-placeholder">
        <PlayCircleIcon className="size-10" aria-hidden />
      </div>
    );
  }
  return (
    <div className={frame}>
      <img src={src} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailed(true)} />
    </div>
  );
}
