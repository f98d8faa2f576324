import type * as React from "react";
import { cn } from "~/lib/utils";
import { controlClassName } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(controlClassName, "min-h-24 resize-y", className)} {...props} />;
}
