import { accordionRecipe } from './accordion.recipe.ts';
import { badgeRecipe, buttonRecipe, letterMarkRecipe } from './button.recipe.ts';
import { cardRecipe } from './card.recipe.ts';
import { checkboxRecipe } from './checkbox.recipe.ts';
import { collapsibleRecipe } from './collapsible.recipe.ts';
import { dialogRecipe } from './dialog.recipe.ts';
import { directorySearchRecipe } from './directory-search.recipe.ts';
import { navigationMenuRecipe } from './navigation-menu.recipe.ts';
import { rangeSliderRecipe } from './range-slider.recipe.ts';
import { selectRecipe } from './select.recipe.ts';
import { tabsRecipe } from './tabs.recipe.ts';

/** Every recipe, registered in panda.config.ts; one file per component. */
export const recipes = { button: buttonRecipe, badge: badgeRecipe, letterMark: letterMarkRecipe };

/** Every slot recipe, registered in panda.config.ts. */
export const slotRecipes = {
  navigationMenu: navigationMenuRecipe,
  checkbox: checkboxRecipe,
  select: selectRecipe,
  dialog: dialogRecipe,
  accordion: accordionRecipe,
  tabs: tabsRecipe,
  collapsible: collapsibleRecipe,
  rangeSlider: rangeSliderRecipe,
  directorySearch: directorySearchRecipe,
  card: cardRecipe,
};
