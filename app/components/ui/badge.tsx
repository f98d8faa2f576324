import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "./slot";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** shadcn/ui's Badge in the product's shape (a pill), with a tone per meaning rather than per screen. */
export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full font-medium [&>svg]:pointer-events-none [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground",
        secondary: "bg-muted text-muted-foreground",
        outline: "border text-foreground",
        info: "bg-info-muted text-info-subtle-foreground",
        success: "bg-success-muted text-success-subtle-foreground",
        warning: "bg-warning-muted text-warning-subtle-foreground",
        destructive: "bg-destructive-muted text-destructive-subtle-foreground",
        demo: "bg-demo-muted text-demo-subtle-foreground",
      },
      size: {
        default: "px-2 py-0.5 text-xs [&>svg]:size-3",
        /** Where space is tight (the sidebar, a plan card's corner): smaller, so bolder. */
        sm: "px-2 py-0.5 text-[11px] font-semibold [&>svg]:size-3",
        /** A status that heads a screen (the analysis availability, the plan on the quota card). */
        lg: "gap-1.5 whitespace-normal px-3 py-1 text-sm [&>svg]:size-4",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Badge({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
