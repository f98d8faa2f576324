/** The insight filters a download link carries, as the screens put them in their URL. */
export function exportFilters(request: Request) {
  const params = new URL(request.url).searchParams;
  const read = (name: string) => params.get(name)?.trim() || undefined;
  return { start_date: read("start_date"), end_date: read("end_date"), provider: read("provider"), category: read("category"), model: read("model") };
}
