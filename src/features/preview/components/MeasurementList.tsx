/**
 * The measurement list (templates a-c): the home page's 30 products. The Creation's styles reach
 * the items through CSS variables on the list, and each item is memoised on its product, so a
 * design change restyles the list without rendering 30 items again (issue #9: 8 ms per change).
 */
import { memo, type CSSProperties } from 'react';
import { cssColour } from '@contract/colour';
import type { SampleProduct } from '@contract/catalog/schemas';
import type { AppTemplateTheme, Creation } from '@contract/design/schemas';
import type { PreviewAction } from '../phone-state';
import { averageStars, formatPrice, struckPrice } from '../sample';
import { fontStack, gradientCss, itemShadowCss, radiusCss } from '../styles';
import { measurementDescription, measurementTitle } from '../truncation';
import { Stars } from './parts';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end', justify: 'flex-start' } as const;

function listVariables(m: Creation['measurementItem']): CSSProperties {
  return {
    '--m-gap': `${m.itemSpacing}px`,
    '--m-bg': gradientCss(m.gradient),
    '--m-radius': radiusCss(m.borderRadius),
    '--m-radius-alt': radiusCss(m.borderRadius, true, 1),
    '--m-shadow': itemShadowCss(m.boxShadowSpread, m.boxShadowColor),
    '--m-opacity': String(m.opacity),
    '--m-align': m.textAlign,
    '--m-justify': JUSTIFY[m.textAlign],
    '--m-main': cssColour(m.mainFontColor),
    '--m-secondary': cssColour(m.secondaryFontColor),
    '--m-price': cssColour(m.priceFontColor),
    '--m-title-size': `${m.title.size}px`,
    '--m-title-colour': cssColour(m.title.color),
    '--m-title-font': fontStack(m.title.fontFamily),
    '--m-price-size': `${m.price.size}px`,
    '--m-price-font': fontStack(m.price.fontFamily),
    '--m-desc-size': `${m.description.size}px`,
    '--m-desc-colour': cssColour(m.description.color),
    '--m-desc-font': fontStack(m.description.fontFamily),
  } as CSSProperties;
}

interface ItemProps {
  product: SampleProduct;
  template: AppTemplateTheme;
  symbol: string;
  dispatch: (action: PreviewAction) => void;
}

const MeasurementItem = memo(function MeasurementItem({ product, template, symbol, dispatch }: ItemProps) {
  return (
    <button type="button" className="pv-card" onClick={() => dispatch({ type: 'product', id: product.id })}>
      <span className="pv-card-pic">
        <img src={product.image} alt="" draggable={false} decoding="async" />
      </span>
      <span className="pv-card-body">
        <span className="pv-card-title">{measurementTitle(template, product.title)}</span>
        {template === 'template_c' && <span className="pv-card-desc">{measurementDescription(template, product.short_description)}</span>}
        {template === 'template_a' && <Stars value={averageStars(product.reviews)} size={11} />}
        <span className="pv-card-price">
          <strong>{formatPrice(symbol, product.price)}</strong>
          <s>{formatPrice(symbol, struckPrice(product))}</s>
        </span>
      </span>
    </button>
  );
});

interface ListProps {
  m: Creation['measurementItem'];
  template: AppTemplateTheme;
  symbol: string;
  products: SampleProduct[];
  dispatch: (action: PreviewAction) => void;
}

export const MeasurementList = memo(function MeasurementList({ m, template, symbol, products, dispatch }: ListProps) {
  return (
    <div className={`pv-list ${template}${m.isAlternateCorners ? ' alternate' : ''}`} style={listVariables(m)}>
      {products.map((product, i) => (
        <MeasurementItem key={`${product.id}-${i}`} product={product} template={template} symbol={symbol} dispatch={dispatch} />
      ))}
    </div>
  );
});
