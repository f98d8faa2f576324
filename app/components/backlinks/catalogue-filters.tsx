import { SearchIcon, SlidersHorizontalIcon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import { CURRENCIES, LINK_TYPES, SITE_CATEGORIES, SITE_LANGUAGES, SITE_SORTS } from "#domain/backlinks";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { ADVANCED_FILTERS, type CatalogueQuery, DEFAULT_SITE_SORT, type FilterName, isFiltered } from "~/lib/backlinks";
import { categoryName, languageName } from "./site-facts";

/** The demo catalogue's countries: suggestions only, any two-letter code is accepted. */
const SUGGESTED_COUNTRIES = ["US", "GB", "CA", "AU", "FR", "BE", "CH", "DE", "AT", "ES", "IT", "NL"];

const PREFIX = "backlinks:pages.backlinks.catalogue";

/**
 * The catalogue's filters as a GET form: the URL holds them, so a filtered list can be shared and
 * works without JavaScript. With JavaScript the empty fields are left out of the URL.
 */
export function CatalogueFilters({ query }: { query: CatalogueQuery }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/backlinks";
  const { values } = query;
  const advanced = ADVANCED_FILTERS.filter((name) => values[name] !== "").length;
  const id = (name: string) => `filter-${name}`;

  return (
    <Card asChild className="grid gap-4 p-4">
      <Form
        method="get"
        action="/backlinks"
        role="search"
        aria-label={t(`${PREFIX}.filters`)}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const search = new URLSearchParams();
          for (const [name, value] of data) if (typeof value === "string" && value.trim() && !(name === "sort" && value === DEFAULT_SITE_SORT)) search.append(name, value.trim());
          void submit(search, { method: "get", action: "/backlinks" });
        }}
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
          <div className="col-span-2 grid gap-1.5 lg:col-span-1">
            <Label htmlFor={id("q")}>{t(`${PREFIX}.search`)}</Label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <Input id={id("q")} type="search" name="q" defaultValue={values.q} maxLength={100} placeholder={t(`${PREFIX}.searchPlaceholder`)} className="pl-9" />
            </div>
          </div>
          <Select name="category" label={t(`${PREFIX}.category`)} value={values.category} any={t(`${PREFIX}.anyCategory`)}>
            {SITE_CATEGORIES.map((category) => ({ value: category, label: categoryName(t, category) })).sort((a, b) => a.label.localeCompare(b.label))}
          </Select>
          <Select name="link_type" label={t(`${PREFIX}.linkType`)} value={values.link_type} any={t(`${PREFIX}.anyLinkType`)}>
            {LINK_TYPES.map((type) => ({ value: type, label: t(`backlinks:linkTypes.${type}.name`) }))}
          </Select>
          <div className="col-span-2 grid gap-1.5 lg:col-span-1">
            <Label htmlFor={id("sort")}>{t(`${PREFIX}.sort`)}</Label>
            <NativeSelect id={id("sort")} name="sort" defaultValue={query.sort}>
              {SITE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`backlinks:sorts.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        <label className="flex min-h-6 w-fit cursor-pointer items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="cited" value="1" defaultChecked={query.cited} className="size-4 rounded border-input accent-primary" />
          {t(`${PREFIX}.cited`)}
        </label>

        {/* A native disclosure: it opens without JavaScript, and by itself when one of its filters is set. */}
        <details open={advanced > 0} className="group rounded-md border bg-background">
          <summary className="flex min-h-10 cursor-pointer list-none items-center gap-2 px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
            <SlidersHorizontalIcon className="size-4 text-muted-foreground" aria-hidden />
            {advanced > 0 ? t(`${PREFIX}.moreFiltersActive`, { count: advanced }) : t(`${PREFIX}.moreFilters`)}
          </summary>
          <div className="grid grid-cols-2 gap-3 border-t p-3 sm:grid-cols-3 lg:grid-cols-6">
            <Select name="language" label={t(`${PREFIX}.language`)} value={values.language} any={t(`${PREFIX}.anyLanguage`)}>
              {SITE_LANGUAGES.map((language) => ({ value: language, label: languageName(t, language) }))}
            </Select>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={id("country")}>{t(`${PREFIX}.country`)}</Label>
              <Input
                id={id("country")}
                name="country"
                defaultValue={values.country}
                maxLength={2}
                pattern="[A-Za-z]{2}"
                list="country-codes"
                autoCapitalize="characters"
                placeholder="FR"
                aria-describedby={`${id("country")}-hint`}
                className="uppercase"
              />
              <datalist id="country-codes">
                {SUGGESTED_COUNTRIES.map((code) => (
                  <option key={code} value={code} />
                ))}
              </datalist>
              <p id={`${id("country")}-hint`} className="text-xs text-muted-foreground">
                {t(`${PREFIX}.countryHint`)}
              </p>
            </div>
            <Select name="currency" label={t(`${PREFIX}.currency`)} value={values.currency} any={t(`${PREFIX}.anyCurrency`)}>
              {CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
            </Select>
            <NumberFilter name="traffic_min" label={t(`${PREFIX}.trafficMin`)} value={values.traffic_min} min={0} />
            <NumberFilter name="dr_min" label={t(`${PREFIX}.drMin`)} value={values.dr_min} min={0} max={100} />
            <NumberFilter name="dr_max" label={t(`${PREFIX}.drMax`)} value={values.dr_max} min={0} max={100} />
            <NumberFilter name="da_min" label={t(`${PREFIX}.daMin`)} value={values.da_min} min={0} max={100} />
            <NumberFilter name="da_max" label={t(`${PREFIX}.daMax`)} value={values.da_max} min={0} max={100} />
            <PriceFilter name="price_min" label={t(`${PREFIX}.priceMin`)} value={values.price_min} />
            <PriceFilter name="price_max" label={t(`${PREFIX}.priceMax`)} value={values.price_max} />
            <p id="price-hint" className="col-span-2 self-end pb-2 text-xs text-muted-foreground sm:col-span-1 lg:col-span-2">
              {t(`${PREFIX}.priceHint`)}
            </p>
          </div>
        </details>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {t(`${PREFIX}.apply`)}
          </Button>
          {isFiltered(query) ? (
            <Link to="/backlinks" className="inline-flex min-h-6 items-center text-sm font-medium text-primary hover:underline">
              {t(`${PREFIX}.clear`)}
            </Link>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

function Select({ name, label, value, any, children }: { name: FilterName; label: string; value: string; any: string; children: Array<{ value: string; label: string }> }) {
  const id = `filter-${name}`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value}>
        <option value="">{any}</option>
        {children.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function NumberFilter({ name, label, value, min, max, step }: { name: FilterName; label: string; value: string; min: number; max?: number; step?: number }) {
  const id = `filter-${name}`;
  return (
    <FilterField id={id} label={label}>
      <Input id={id} name={name} type="number" inputMode="numeric" defaultValue={value} min={min} max={max} step={step} />
    </FilterField>
  );
}

/** Prices in major units as people type them (149, 149,50): text, so a French decimal comma is fine. */
function PriceFilter({ name, label, value }: { name: FilterName; label: string; value: string }) {
  const id = `filter-${name}`;
  return (
    <FilterField id={id} label={label}>
      <Input id={id} name={name} inputMode="decimal" defaultValue={value} pattern="\s*\d+([.,]\d{1,2})?\s*" aria-describedby="price-hint" />
    </FilterField>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
