import { ImageIcon, ImageUpIcon, LinkIcon, LoaderCircleIcon, RefreshCwIcon, UploadIcon, XIcon } from "~/components/ui/icons";
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import { ErrorList } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { THUMBNAIL_TYPES } from "#domain/academy";
import { checkImageUrl, checkThumbnailFile, firstImageFile, type RowActionData, type ThumbnailActionData } from "~/lib/academy-admin";
import { markFromScript } from "~/lib/script-marker";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { DeleteControl } from "./controls";

type Kind = "course" | "video";

/**
 * Seed 001 §2/§4/§5 (seed 000 §2): a course's or video's thumbnail, in two modes. Upload: drop an
 * image or pick one, see it at once, replaced by the stored URL when the upload succeeds, removed
 * (the previous image back) when it fails; hover to change; delete after a confirmation. URL: type
 * an address, apply (the image must load), clear. The browser checks type, size and URL first;
 * the server checks the bytes. Without JavaScript: a plain upload form and a URL form.
 */
export function ThumbnailWidget({
  kind,
  id,
  url,
  fallbackUrl,
  name,
  actionData,
}: {
  kind: Kind;
  id: string;
  /** The stored thumbnail, or null. */
  url: string | null;
  /** What users see when there is none (a video host's still). */
  fallbackUrl?: string | null;
  name: string;
  /** The page's action data (a post without JavaScript), shown when it is about this thumbnail. */
  actionData?: ThumbnailActionData;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const key = `${kind}:${id}`;
  const own = actionData?.key === key ? actionData : undefined;
  const target = { intent: "", target: kind, target_id: id };
  const labelId = useId();

  const deleteControl = url ? (
    <DeleteControl
      label={t("academyAdmin:thumbnail.delete")}
      name={name}
      title={t("academyAdmin:thumbnail.deleteTitle")}
      description={t("academyAdmin:thumbnail.deleteDescription", { name })}
      confirm={{ kind: `${kind}-thumbnail`, id }}
      payload={{ ...target, intent: "thumbnail-delete" }}
      fetcherKey={`thumbnail-delete:${key}`}
    />
  ) : null;

  return (
    <section className="grid min-w-0 content-start gap-3" data-testid="thumbnail-widget" data-thumbnail={key} aria-labelledby={labelId}>
      <h4 id={labelId} className="text-sm font-medium text-slate-800">
        {t("academyAdmin:thumbnail.title")}
      </h4>
      {hydrated ? (
        <EnhancedWidget kind={kind} id={id} url={url} fallbackUrl={fallbackUrl} name={name} deleteControl={deleteControl} />
      ) : (
        <div className="grid gap-3">
          <Preview src={url} fallbackUrl={fallbackUrl} name={name} />
          <Form method="post" encType="multipart/form-data" className="grid gap-1.5">
            <input type="hidden" name="intent" value="thumbnail-upload" />
            <input type="hidden" name="target" value={kind} />
            <input type="hidden" name="target_id" value={id} />
            <Label htmlFor={`${key}-file`}>{t("academyAdmin:thumbnail.file")}</Label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={`${key}-file`}
                type="file"
                name="file"
                accept={THUMBNAIL_TYPES.join(",")}
                className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
              />
              <Button type="submit" variant="outline" size="sm">
                <UploadIcon aria-hidden /> {t("academyAdmin:thumbnail.upload")}
              </Button>
            </div>
            <p className="text-xs text-slate-500">{t("academyAdmin:thumbnail.hint")}</p>
          </Form>
          <Form method="post" className="grid gap-1.5">
            <input type="hidden" name="intent" value="thumbnail-url" />
            <input type="hidden" name="target" value={kind} />
            <input type="hidden" name="target_id" value={id} />
            <Label htmlFor={`${key}-url`}>{t("academyAdmin:thumbnail.url")}</Label>
            <div className="flex flex-wrap gap-2">
              <Input id={`${key}-url`} name="url" inputMode="url" defaultValue={own?.value ?? ""} placeholder="https://…" className="min-w-0 flex-1 basis-40" />
              <Button type="submit" variant="outline">
                {t("academyAdmin:thumbnail.apply")}
              </Button>
            </div>
          </Form>
          {deleteControl ? <div>{deleteControl}</div> : null}
          <ErrorList errors={own?.error ? [own.error] : null} data-testid="thumbnail-error" />
        </div>
      )}
    </section>
  );
}

function Preview({ src, fallbackUrl, name, className }: { src: string | null | undefined; fallbackUrl?: string | null; name: string; className?: string }) {
  const { t } = useTranslation();
  const shown = src ?? fallbackUrl;
  return (
    <div className={cn("relative flex aspect-video w-full max-w-sm items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-100", className)}>
      {shown ? (
        <img src={shown} alt={t("academyAdmin:thumbnail.alt", { name })} className="size-full object-cover" data-testid="thumbnail-image" />
      ) : (
        <ImageIcon className="size-10 text-slate-300" aria-hidden />
      )}
      {!src && fallbackUrl ? (
        <span className="absolute bottom-1 left-1 rounded bg-slate-900/70 px-1.5 py-0.5 text-[11px] text-white">{t("academyAdmin:thumbnail.hostImage")}</span>
      ) : null}
    </div>
  );
}

type Mode = "upload" | "url";

function EnhancedWidget({
  kind,
  id,
  url,
  fallbackUrl,
  name,
  deleteControl,
}: {
  kind: Kind;
  id: string;
  url: string | null;
  fallbackUrl?: string | null;
  name: string;
  deleteControl: React.ReactNode;
}) {
  const { t } = useTranslation();
  const key = `${kind}:${id}`;
  const fetcher = useFetcher<RowActionData>({ key: `thumbnail:${key}` });
  const deleting = useFetcher<RowActionData>({ key: `thumbnail-delete:${key}` });
  const [mode, setMode] = useState<Mode>("upload");
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [checking, setChecking] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const objectUrl = useRef<string | null>(null);
  const handled = useRef<unknown>(null);

  const dropPreview = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    setPreview(null);
  };
  useEffect(() => () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
  }, []);

  // The answer: the stored URL (already in the revalidated page data) replaces the local preview;
  // a refusal removes it, so the previous image shows again, and says why.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    setPreview(null);
    if (fetcher.data.thumbnail?.error) setError(fetcher.data.thumbnail.error);
    else setDraft("");
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (deleting.state === "idle" && deleting.data?.thumbnail?.error) setError(deleting.data.thumbnail.error);
  }, [deleting.state, deleting.data]);

  const send = (body: FormData) => {
    body.set("target", kind);
    body.set("target_id", id);
    markFromScript(body);
    fetcher.submit(body, { method: "post", encType: body.has("file") ? "multipart/form-data" : "application/x-www-form-urlencoded" });
  };

  const upload = (file: File | null) => {
    if (!file) return setError("academyAdmin:fieldErrors.file.file_type");
    const refused = checkThumbnailFile(file);
    if (refused) return setError(refused);
    setError(null);
    dropPreview();
    objectUrl.current = URL.createObjectURL(file);
    setPreview(objectUrl.current);
    const body = new FormData();
    body.set("intent", "thumbnail-upload");
    body.set("file", file, file.name);
    send(body);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    upload(event.currentTarget.files?.[0] ?? null);
    // The same file picked again is a new choice.
    event.currentTarget.value = "";
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    setOver(false);
    upload(firstImageFile(event.dataTransfer.files));
  };

  const apply = () => {
    const refused = checkImageUrl(draft);
    if (refused) return setError(refused);
    setError(null);
    const address = draft.trim();
    setPreview(address);
    setChecking(true);
    // Seed 001 §5: the image must load (error.loadImage) before it is saved.
    const probe = new Image();
    probe.onload = () => {
      setChecking(false);
      const body = new FormData();
      body.set("intent", "thumbnail-url");
      body.set("url", address);
      send(body);
    };
    probe.onerror = () => {
      setChecking(false);
      setPreview(null);
      setError("academyAdmin:thumbnail.error.loadImage");
    };
    probe.src = address;
  };

  const clear = () => {
    setDraft("");
    setError(null);
    if (!objectUrl.current) setPreview(null);
  };

  const busy = fetcher.state !== "idle" || checking;
  const removing = deleting.state !== "idle";
  const shown = preview ?? (removing ? null : url);

  return (
    <div className="grid gap-3">
      <fieldset className="grid w-full max-w-sm grid-cols-2 rounded-md border border-slate-200 bg-slate-50 p-0.5 text-sm">
        <legend className="sr-only">{t("academyAdmin:thumbnail.mode")}</legend>
        {(["upload", "url"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => {
              setMode(value);
              setError(null);
            }}
            className={cn(
              "flex items-center justify-center gap-1.5 rounded px-2 py-1.5 text-center font-medium text-slate-600 hover:text-slate-900",
              mode === value && "bg-white text-slate-900 shadow-sm",
            )}
          >
            {value === "upload" ? <ImageUpIcon className="size-4" aria-hidden /> : <LinkIcon className="size-4" aria-hidden />}
            {value === "upload" ? t("academyAdmin:thumbnail.modeUpload") : t("academyAdmin:thumbnail.modeUrl")}
          </button>
        ))}
      </fieldset>

      {mode === "upload" ? (
        <>
          <section
            data-testid="thumbnail-dropzone"
            aria-label={t("academyAdmin:thumbnail.drop")}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes("Files")) return;
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            className={cn(
              "group relative flex aspect-video w-full max-w-sm items-center justify-center overflow-hidden rounded-md border-2 border-dashed border-slate-300 bg-slate-50 transition-colors",
              over && "border-indigo-500 bg-indigo-50",
              shown && "border-solid border-slate-200",
            )}
          >
            {shown ? (
              <>
                <img src={shown} alt={t("academyAdmin:thumbnail.alt", { name })} className="size-full object-cover" data-testid="thumbnail-image" />
                {/* Hover (or focus) to change or delete. */}
                <div className="absolute inset-0 flex items-center justify-center gap-2 bg-slate-950/50 opacity-0 transition-opacity group-hover:opacity-100 focus-within:opacity-100">
                  <Button type="button" size="sm" variant="secondary" onClick={() => input.current?.click()} disabled={busy} aria-label={`${t("academyAdmin:thumbnail.change")}: ${name}`}>
                    <RefreshCwIcon aria-hidden /> {t("academyAdmin:thumbnail.change")}
                  </Button>
                  <span className="rounded-md bg-white">{deleteControl}</span>
                </div>
              </>
            ) : (
              <div className="grid justify-items-center gap-2 p-4 text-center">
                {fallbackUrl ? <img src={fallbackUrl} alt="" className="absolute inset-0 size-full object-cover opacity-25" /> : null}
                <ImageUpIcon className="relative size-8 text-slate-400" aria-hidden />
                <p className="relative text-sm text-slate-600">{t("academyAdmin:thumbnail.drop")}</p>
                <Button type="button" size="sm" variant="outline" className="relative" onClick={() => input.current?.click()} disabled={busy}>
                  {t("academyAdmin:thumbnail.choose")}
                </Button>
              </div>
            )}
            {busy ? (
              <div className="absolute inset-0 flex items-center justify-center bg-white/60" role="status">
                <LoaderCircleIcon className="size-6 animate-spin text-indigo-600" aria-hidden />
                <span className="sr-only">{t("academyAdmin:thumbnail.uploading")}</span>
              </div>
            ) : null}
          </section>
          <input
            ref={input}
            type="file"
            accept={THUMBNAIL_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label={`${t("academyAdmin:thumbnail.file")}: ${name}`}
            onChange={onPick}
            data-testid="thumbnail-input"
          />
          <p className="text-xs text-slate-500">{t("academyAdmin:thumbnail.hint")}</p>
        </>
      ) : (
        <>
          <Preview src={preview ?? (removing ? null : url)} fallbackUrl={fallbackUrl} name={name} />
          <form
            className="flex flex-wrap gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <Label htmlFor={`${key}-url`} className="sr-only">
              {t("academyAdmin:thumbnail.url")}
            </Label>
            <Input
              id={`${key}-url`}
              inputMode="url"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              placeholder="https://…"
              className="min-w-0 flex-1 basis-40"
              aria-invalid={error ? true : undefined}
            />
            <Button type="submit" variant="outline" disabled={busy}>
              {t("academyAdmin:thumbnail.apply")}
            </Button>
            <Button type="button" variant="ghost" onClick={clear} disabled={busy} aria-label={t("academyAdmin:thumbnail.clear")}>
              <XIcon aria-hidden /> {t("academyAdmin:thumbnail.clear")}
            </Button>
          </form>
          {url ? <div>{deleteControl}</div> : null}
        </>
      )}
      <ErrorList errors={error ? [error] : null} data-testid="thumbnail-error" />
    </div>
  );
}
