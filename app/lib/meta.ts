/** The document title of a screen whose loader returns its translated `title`. */
export function titleMeta({ data }: { data?: { title?: string } | undefined }) {
  return [{ title: data?.title ? `${data.title} · Sightline` : "Sightline" }];
}
