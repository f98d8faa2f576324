import type { ReactNode } from "react";
import { Link } from "react-router";

/** What a screen shows before there is anything to measure, with the way forward. */
export function EmptyState({ title, description, action }: { title: string; description: string; action?: { to: string; label: string } }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      <p className="max-w-md text-sm text-slate-600">{description}</p>
      {action ? (
        <Link to={action.to} className="mt-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** A failure the user can do nothing about but wait: said plainly, in place of the data. */
export function ErrorPanel({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{title}</p>
      <p className="text-red-800">{description}</p>
      {children}
    </div>
  );
}
