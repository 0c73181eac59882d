import type { Make } from '../../domain/make.ts';
import type { BodyStyle, Model, ModelBodyCategory } from '../../domain/model.ts';
import { BODY_LABELS, FUELS } from './car-details.ts';
import type { FuelCode, ImageBody, MakeSpec } from './catalog.ts';
import { COLOURS, slugify } from './catalog.ts';
import { CAR_MAKES } from './catalog-cars.ts';
import { CARAVAN_MAKES, MOTORCYCLE_MAKES } from './catalog-leisure.ts';
import { makeLogoUrl, vehicleImageUrl } from './images.ts';

/** Every make of the built-in catalogue: cars, then motorcycles, then caravans. */
export const CATALOGUE_MAKES: readonly MakeSpec[] = [...CAR_MAKES, ...MOTORCYCLE_MAKES, ...CARAVAN_MAKES];

const CATEGORY: Record<ImageBody, ModelBodyCategory> = {
  sedan: 'Cars',
  hatch: 'Cars',
  wagon: 'Cars',
  suv: 'SUVs',
  ute: 'Utes',
  van: 'Vans',
  coupe: 'Sports',
  convertible: 'Sports',
  motorcycle: 'Motorcycles',
  caravan: 'Caravans',
};

const STYLES: Record<ImageBody, BodyStyle[]> = {
  sedan: ['sedan'],
  hatch: ['hatch', 'hatchback'],
  wagon: ['wagon', 'stationWagon'],
  suv: ['suv'],
  ute: ['ute'],
  van: ['van'],
  coupe: ['coupe'],
  convertible: ['convertible', 'softtop'],
  motorcycle: [],
  caravan: [],
};

/**
 * Badges of a performance version, which put a model under Sports too. `GT` is not one: on a Mazda2,
 * CX-3, CX-8 or BT-50 it is a trim level (issue 31 item 21: the Sports range listed them).
 */
const PERFORMANCE = /^(GTI|R|N|GR Sport|Type R|XPOWER|Raptor|AMG .*|M60i|Performance)$/;

/** The makes as entities, with ids in catalogue order; some have no logo. */
export function catalogueMakes(): Make[] {
  return CATALOGUE_MAKES.map((make, index) => ({
    id: index + 1,
    name: make.name,
    slug: make.slug,
    logo: { url: makeLogoUrl(make) },
  }));
}

/** The models as entities; ids are the make's id × 100 plus the model's position. */
export function catalogueModels(): Model[] {
  return CATALOGUE_MAKES.flatMap((make, makeIndex) =>
    make.models.map((model, index): Model => {
      const fuels = [...model.f] as FuelCode[];
      const slug = slugify(model.n);
      const body = model.sb ?? BODY_LABELS[model.b];
      const styles = [...STYLES[model.b]];
      if (model.sb === 'People Mover') styles.push('peopleMover');
      if (model.d.includes('4x4') || model.d.includes('4WD')) styles.push('4x4');
      const image = vehicleImageUrl(
        model.b,
        COLOURS[(makeIndex * 3 + index) % COLOURS.length]?.slug ?? 'white',
      );
      const badges = model.t.split('|');
      return {
        id: (makeIndex + 1) * 100 + index + 1,
        make_id: makeIndex + 1,
        name: model.n,
        slug,
        description: `The ${make.name} ${model.n} range: ${badges.join(', ')}.`,
        manufacturer_body: CATEGORY[model.b],
        manufacturer_body2: fuels.some((f) => f === 'H' || f === 'X') ? 'Hybrids' : null,
        manufacturer_body3:
          CATEGORY[model.b] !== 'Sports' && badges.some((b) => PERFORMANCE.test(b)) ? 'Sports' : null,
        bodyStyle: styles,
        image: { url: image, thumb: `${image}?size=thumb` },
        status: model.st ?? '',
        fuel: [...new Set(fuels.map((f) => FUELS[f].simple))],
        variant: badges[0] ?? null,
        override_url: null,
        path: `/search/${make.slug}/${slug}`,
        aftermarket_manufacturer_id: null,
        accessories_count: badges.length * 7,
        body: [body],
        manufacturer_name: make.name,
        manufacturer_slug: make.slug,
      };
    }),
  );
}
