import { CircleCheckIcon, DownloadIcon, FileUpIcon, CircleXIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { requireAdmin } from "~/lib/admin.server";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import type { CatalogueImportResult } from "~/lib/api-types";
import { backlinksErrorMessage, refusal } from "~/lib/backlinks.server";
import { titleMeta } from "~/lib/meta";
import { getFixedT } from "~/middleware/i18next.server";
import { MAX_CATALOGUE_CSV_BYTES } from "~/middleware/form-body.server";

export const meta: Route.MetaFunction = titleMeta;

const PREFIX = "backlinksAdmin:import";

type ImportReply = { report: CatalogueImportResult } | { error: string };

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const t = await getFixedT(context);
  return { title: t(`${PREFIX}.title`) };
}

/** The file's text goes to the API as it is; its report (added, updated, refused rows) comes back here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const file = formData.get("file");
  const refused = !(file instanceof File) || !file.name ? "fileMissing" : file.size === 0 ? "fileEmpty" : file.size > MAX_CATALOGUE_CSV_BYTES ? "fileTooLarge" : null;
  if (!(file instanceof File) || refused) return data<ImportReply>({ error: t(`${PREFIX}.${refused ?? "fileMissing"}`) }, { status: refused === "fileTooLarge" ? 413 : 400 });
  const csv = await file.text();
  if (!csv.trim()) return data<ImportReply>({ error: t(`${PREFIX}.fileEmpty`) }, { status: 400 });
  try {
    const report = await read(getApiClient(context).backlinkImports.admin.sites.import.$post({ json: { csv } })).then(dataOf);
    return data<ImportReply>({ report });
  } catch (caught) {
    const error = refusal(caught);
    // The header's problem is the API's own sentence (which column is missing); the code says what kind.
    const message = error.code === "csv_header" ? `${t("backlinks:errors.csv_header")} ${error.message}` : backlinksErrorMessage(t, error);
    return data<ImportReply>({ error: message }, { status: error.status === 413 ? 413 : 400 });
  }
}

export default function AdminImport({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const importing = navigation.state === "submitting";
  const reply = navigation.state === "idle" ? actionData : undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Card className="grid gap-4 p-4 sm:p-6">
        <CardHeader>
          <CardTitle>{t(`${PREFIX}.title`)}</CardTitle>
          <CardDescription>{t(`${PREFIX}.description`)}</CardDescription>
        </CardHeader>
        <p className="text-sm">
          <a href="/exports/backlinks-catalogue.csv" download className="inline-flex min-h-6 items-center gap-1 font-medium text-primary hover:underline">
            <DownloadIcon className="size-4" aria-hidden />
            {t("backlinksAdmin:sites.export")}
          </a>
        </p>
        {/* A new form once a file is imported: the next import starts from an empty file field. */}
        <Form key={reply && "report" in reply ? JSON.stringify(reply.report) : "import"} method="post" encType="multipart/form-data" className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="catalogue-file">{t(`${PREFIX}.file`)}</Label>
            <Input id="catalogue-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="catalogue-file-hint" className="h-auto py-2" />
            <p id="catalogue-file-hint" className="text-xs text-muted-foreground">
              {t(`${PREFIX}.fileHint`)}
            </p>
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={importing}>
            <FileUpIcon aria-hidden />
            {importing ? t(`${PREFIX}.importing`) : t(`${PREFIX}.submit`)}
          </Button>
        </Form>
      </Card>

      {reply && "error" in reply ? (
        <Alert variant="destructive" role="alert">
          <CircleXIcon aria-hidden />
          <AlertTitle>{t(`${PREFIX}.failed`)}</AlertTitle>
          <AlertDescription>{reply.error}</AlertDescription>
        </Alert>
      ) : null}
      {reply && "report" in reply ? <ImportReport report={reply.report} /> : null}
    </div>
  );
}

function ImportReport({ report }: { report: CatalogueImportResult }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-3" aria-labelledby="import-report" data-testid="import-report">
      <Alert variant={report.refused.length ? "warning" : "success"} role="status">
        <CircleCheckIcon aria-hidden />
        <AlertTitle id="import-report">{t(`${PREFIX}.done`)}</AlertTitle>
        <AlertDescription>
          <p>
            {t(`${PREFIX}.added`, { count: report.added })} · {t(`${PREFIX}.updated`, { count: report.updated })} · {t(`${PREFIX}.refused`, { count: report.refused.length })}
          </p>
        </AlertDescription>
      </Alert>
      {report.refused.length ? (
        <>
          <h3 className="font-semibold">{t(`${PREFIX}.refusedRows`)}</h3>
          <p className="text-xs text-muted-foreground sm:hidden">{t(`${PREFIX}.scrollHint`)}</p>
          <Table className="min-w-[36rem]" region={t(`${PREFIX}.refusedRows`)}>
            <TableHeader>
              <TableHead numeric>{t(`${PREFIX}.line`)}</TableHead>
              <TableHead>{t(`${PREFIX}.domain`)}</TableHead>
              <TableHead>{t(`${PREFIX}.errors`)}</TableHead>
            </TableHeader>
            <TableBody>
              {report.refused.map((row) => (
                <tr key={row.line} className="align-top" data-testid="refused-row">
                  <th scope="row" className="px-4 py-2 text-right font-normal tabular-nums">
                    {row.line}
                  </th>
                  <td className="break-all px-4 py-2">{row.domain ?? "—"}</td>
                  <td className="px-4 py-2">
                    <ul className="list-disc space-y-0.5 pl-4">
                      {/* The API's English sentence when this screen has no words for the code. */}
                      {row.issues
                        .map((issue, index) => ({ ...issue, english: row.errors[index] ?? issue.code }))
                        .map((issue) => (
                          <li key={`${issue.column}:${issue.code}:${issue.english}`}>
                            {t(`${PREFIX}.issue.${issue.code}`, { column: issue.column ?? "", defaultValue: issue.english })}
                          </li>
                        ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </section>
  );
}
