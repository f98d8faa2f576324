import { z } from "zod";
import { CART_INTENTS } from "~/components/backlinks/pending-cart";
import { LINK_TYPES } from "#domain/backlinks";

/** What an "Add to cart" form sends; the price and currency it carries are for the optimistic line only. */
export const AddSchema = z.object({
  intent: z.literal(CART_INTENTS.add),
  permanent_link_type: z.enum(LINK_TYPES),
  domain_id: z.string().max(253).optional(),
  search_id: z.string().max(200).optional(),
});
