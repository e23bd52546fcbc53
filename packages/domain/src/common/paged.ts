import { z } from './zod-config.ts';

/** One page of a list: its documents and the paging the screens show. */
export const pagedSchema = <T extends z.ZodType>(doc: T) =>
  z.object({
    docs: z.array(doc),
    page: z.number().int(),
    totalPages: z.number().int(),
    limit: z.number().int(),
    totalDocs: z.number().int(),
  });

/** A page of `T` as the client reads it: the paging of `pagedSchema`, its docs typed. */
export type Paged<T> = Omit<z.output<ReturnType<typeof pagedSchema>>, 'docs'> & { docs: T[] };
