import type * as React from "react";
import { cn } from "~/lib/utils";
import { controlClassName } from "./input";

/** The browser's own select, styled like the inputs: it works before hydration and without JavaScript. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select data-slot="native-select" className={cn(controlClassName, "h-10 py-0", className)} {...props} />;
}
