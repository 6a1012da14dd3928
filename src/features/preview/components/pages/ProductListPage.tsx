/** The products of one category, as list rows. */
import { cssColour } from '@contract/colour';
import { Icon } from '../../icons';
import { formatPrice, productListItems } from '../../sample';
import { itemShadowCss, radiusCss } from '../../styles';
import { cartText } from '../../truncation';
import { Picture, Tap, textCss } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function ProductList({ creation, sample, selections, dispatch }: PhoneScreenProps) {
  const m = creation.measurementItem;
  const symbol = creation.shop.currencySymbol;
  const category = sample.categories.find((item) => item.id === selections.categoryId);
  return (
    <div style={{ padding: 12, paddingBottom: 90 }}>
      {category && <h3 style={{ margin: '0 2px 10px', fontSize: 16, textAlign: 'left' }}>{category.name}</h3>}
      <div style={{ display: 'flex', flexDirection: 'column', gap: m.itemSpacing }}>
        {productListItems(sample.products, selections.categoryId).map((p, i) => (
          <Tap
            key={`${p.id}-${i}`}
            onClick={() => dispatch({ type: 'product', id: p.id })}
            style={{
              display: 'flex',
              gap: 12,
              padding: 10,
              alignItems: 'center',
              background: '#fff',
              borderRadius: radiusCss(m.borderRadius, m.isAlternateCorners, i),
              boxShadow: itemShadowCss(m.boxShadowSpread, m.boxShadowColor),
              textAlign: 'left',
            }}
          >
            <span style={{ width: 64, height: 64, flex: 'none', borderRadius: 10, overflow: 'hidden' }}>
              <Picture src={p.image} alt="" />
            </span>
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'block', ...textCss(m.title), fontWeight: 600 }}>{cartText(p.name)}</span>
              <span style={{ display: 'block', ...textCss(m.description) }}>{cartText(p.short_description)}</span>
              <strong style={{ color: cssColour(m.priceFontColor) }}>{formatPrice(symbol, p.price)}</strong>
            </span>
            <Icon name="chevron" color="#9AA0B4" />
          </Tap>
        ))}
      </div>
    </div>
  );
}
