import { z } from 'zod/mini';

/**
 * A service booking's own fields (issue 37 item 8 "Bookings that book"): the preferred date and time,
 * chosen from the service centre's free times as a test drive's are (`domain/test-drive-slots.ts`,
 * the same hours, days ahead and notice; a workshop takes several cars at a time, so a time another
 * shopper asked for stays offered), and the car's odometer in kilometres. The spec names `odometer`
 * among the trade-in's fields (`locations-forms-tradein-site.md` §3) and gives no range; the
 * bounds here are ours.
 */

/** The time step's label on the service form. */
export const SERVICE_TIME_LABEL = 'Preferred date and time';
/** The `dateTime` field's message on the service form when no time is chosen. */
export const SERVICE_TIME_REQUIRED_MESSAGE = 'Please choose a preferred time for your service';
/** The highest odometer reading taken: a million kilometres is past any car's life. */
export const ODOMETER_MAX_KM = 999_999;
/** The odometer's message. */
export const ODOMETER_MESSAGE = 'Please enter the odometer reading in km (a whole number up to 999,999)';

/**
 * The odometer as typed (`45000`, `45,000`, `45 000`) or as already checked (a number), as a whole
 * number of kilometres from 0 to {@link ODOMETER_MAX_KM}.
 */
export const odometerSchema = z.pipe(
  z.union(
    [
      z.int(ODOMETER_MESSAGE),
      z.string(ODOMETER_MESSAGE).check(z.trim(), z.regex(/^\d[\d ,]{0,10}$/, ODOMETER_MESSAGE)),
    ],
    ODOMETER_MESSAGE,
  ),
  z.pipe(
    z.transform((value: number | string) => Number(String(value).replace(/[ ,]/g, ''))),
    z.int(ODOMETER_MESSAGE).check(z.gte(0, ODOMETER_MESSAGE), z.lte(ODOMETER_MAX_KM, ODOMETER_MESSAGE)),
  ),
);

/** The model a general test drive asks for: a make and a model the dealer has in stock. */
export interface StockModel {
  make: string;
  model: string;
}

/** The value and label of a stock model in the "Model to drive" select: `Mazda CX-5`. */
export const stockModelName = (entry: StockModel): string => `${entry.make} ${entry.model}`;

/** The test drive's model field: its name, label and message (the dealer's stock names the choices). */
export const MODEL_TO_DRIVE = {
  name: 'model_to_drive',
  label: 'Model to drive (optional)',
  message: 'Please choose one of the models in stock',
} as const;
