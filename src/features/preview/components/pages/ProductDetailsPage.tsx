/** A product's details, the add-to-cart bar under them and the dialog an add opens. */
import type { CSSProperties, ReactNode } from 'react';
import { cssColour } from '@contract/colour';
import { Icon } from '../../icons';
import { averageStars, formatPrice, sizeOptions, struckPrice } from '../../sample';
import { Picture, PrimaryButton, Stars, Tap, boxCss } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function ProductDetails({ creation, sample, selections, dispatch }: PhoneScreenProps) {
  const product = sample.products.find((p) => p.id === selections.productId) ?? sample.products[0];
  if (!product) return <p style={{ padding: 16 }}>No products yet.</p>;
  const c = creation.colors;
  const symbol = creation.shop.currencySymbol;
  const rating = averageStars(product.reviews);
  const sizes = sizeOptions(product.sizes, selections.size);
  const q = creation.quantitySelection;
  const details = (
    <div>
      <p style={{ margin: '0 0 12px', color: cssColour(creation.measurementItem.secondaryFontColor) }}>{product.description}</p>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {creation.sizesSelection.theme === 'theme_a' ? (
          <label style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            Size
            <select
              value={sizes.find((s) => s.isSelected)?.name}
              onChange={(event) => dispatch({ type: 'size', name: event.target.value })}
              style={{ ...boxCss(creation.sizesSelection.unselected), padding: '6px 10px' }}
            >
              {sizes.map((size) => (
                <option key={size.id}>{size.name}</option>
              ))}
            </select>
          </label>
        ) : (
          <div role="group" aria-label="Size" style={{ display: 'flex', gap: 6 }}>
            {sizes.map((size) => (
              <Tap
                key={size.id}
                pressed={size.isSelected}
                onClick={() => dispatch({ type: 'size', name: size.name })}
                style={{
                  ...boxCss(size.isSelected ? creation.sizesSelection.selected : creation.sizesSelection.unselected),
                  minWidth: 38,
                  padding: '6px 10px',
                  fontWeight: 600,
                }}
              >
                {size.name}
              </Tap>
            ))}
          </div>
        )}
        <div role="group" aria-label="Quantity" style={{ ...boxCss(q.wrapper), display: 'flex', alignItems: 'center', gap: 4, padding: 3, marginLeft: 'auto' }}>
          <Tap
            label="Decrease quantity"
            onClick={() => dispatch({ type: 'quantity', delta: -1 })}
            style={{ ...boxCss(q.decrement), width: 30, height: 30, display: 'grid', placeItems: 'center' }}
          >
            <Icon name="remove" size={16} />
          </Tap>
          <span aria-live="polite" style={{ ...boxCss(q.value), minWidth: 26, textAlign: 'center', fontWeight: 700 }}>
            {selections.quantity}
          </span>
          <Tap
            label="Increase quantity"
            onClick={() => dispatch({ type: 'quantity', delta: 1 })}
            style={{ ...boxCss(q.increment), width: 30, height: 30, display: 'grid', placeItems: 'center' }}
          >
            <Icon name="add" size={16} />
          </Tap>
        </div>
      </div>
    </div>
  );
  const reviews = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      {product.reviews.map((review) => (
        <div key={review.id} style={{ borderBottom: '1px solid #EEF0F5', paddingBottom: 8 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <strong>{review.person}</strong>
            <span style={{ fontSize: 11, color: '#6B7085' }}>{review.date}</span>
          </div>
          <Stars value={review.stars} size={12} />
          <p style={{ margin: '4px 0 0', fontSize: 13 }}>{review.description}</p>
        </div>
      ))}
    </div>
  );
  const bodyTheme = creation.productDetailsBody.theme;
  const tab = (key: 'pd' | 'rv', label: string) => (
    <Tap
      key={key}
      pressed={selections.detailsTab === key}
      onClick={() => dispatch({ type: 'tab', tab: key })}
      style={{
        flex: 1,
        padding: '10px 0',
        fontWeight: 600,
        borderBottom: `3px solid ${selections.detailsTab === key ? cssColour(c.primary) : 'transparent'}`,
        color: selections.detailsTab === key ? cssColour(c.primary) : '#6B7085',
      }}
    >
      {label}
    </Tap>
  );
  const panel = (key: 'pd' | 'rv', label: string, body: ReactNode) => (
    <div key={key} style={{ borderBottom: '1px solid #EEF0F5' }}>
      <Tap
        onClick={() => dispatch({ type: 'accordion', panel: key })}
        style={{ width: '100%', display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '12px 0', fontWeight: 600 }}
        pressed={selections.accordion === key}
      >
        {label}
        <span style={{ transform: selections.accordion === key ? 'rotate(180deg)' : 'none', display: 'inline-flex' }}>
          <Icon name="expand" />
        </span>
      </Tap>
      {selections.accordion === key && <div style={{ paddingBottom: 12 }}>{body}</div>}
    </div>
  );
  return (
    <div style={{ paddingBottom: 24, textAlign: 'left' }}>
      <div style={{ height: 250, background: '#fff' }}>
        <Picture src={product.image} alt={product.name} />
      </div>
      <div style={{ background: cssColour(c.backgroundColor), borderRadius: '20px 20px 0 0', marginTop: -18, position: 'relative', padding: 16 }}>
        <h3 style={{ margin: 0, fontSize: 18 }}>{product.title}</h3>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '8px 0 14px' }}>
          <strong style={{ fontSize: 20, color: cssColour(creation.measurementItem.priceFontColor) }}>{formatPrice(symbol, product.price)}</strong>
          <s style={{ color: '#6B7085' }}>{formatPrice(symbol, struckPrice(product))}</s>
          <span style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 4 }}>
            <Stars value={rating} />
            <span style={{ fontSize: 12, color: '#6B7085' }}>({product.reviews.length})</span>
          </span>
        </div>
        {bodyTheme === 'theme_b' && (
          <>
            <div role="tablist" style={{ display: 'flex', borderBottom: '1px solid #EEF0F5', marginBottom: 12 }}>
              {tab('pd', 'Details')}
              {tab('rv', 'Reviews')}
            </div>
            {selections.detailsTab === 'pd' ? details : reviews}
          </>
        )}
        {bodyTheme === 'theme_c' && (
          <>
            {panel('pd', 'Details', details)}
            {panel('rv', 'Reviews', reviews)}
          </>
        )}
        {bodyTheme === 'theme_a' && (
          <>
            <h4 style={{ margin: '0 0 8px' }}>Details</h4>
            {details}
            <h4 style={{ margin: '18px 0 8px' }}>Reviews</h4>
            {reviews}
          </>
        )}
      </div>
    </div>
  );
}

/** The product-details call-to-action bar: Add to Cart, Go Back and the heart (themes a-c). */
export function DetailsCta({ creation, selections, dispatch }: PhoneScreenProps) {
  const cta = creation.productDetailsCTA;
  const heart = (
    <Tap
      label={selections.liked ? 'Remove from favourites' : 'Add to favourites'}
      pressed={selections.liked}
      onClick={() => dispatch({ type: 'like' })}
      style={{ ...boxCss(cta.secondary), width: 46, height: 46, display: 'grid', placeItems: 'center', borderRadius: cta.borderRadius }}
    >
      <Icon name={selections.liked ? 'heart' : 'heartOutline'} color={selections.liked ? '#E53935' : 'currentColor'} />
    </Tap>
  );
  const goBack = (
    <Tap onClick={() => dispatch({ type: 'back' })} style={{ ...boxCss(cta.secondary), flex: 1, height: 46, fontWeight: 600, borderRadius: cta.borderRadius }}>
      Go Back
    </Tap>
  );
  const add = (
    <Tap
      onClick={() => dispatch({ type: 'add-to-cart' })}
      style={{
        ...boxCss(cta.primary),
        flex: 1.4,
        height: 46,
        fontWeight: 700,
        borderRadius: cta.borderRadius,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 6,
      }}
    >
      <Icon name="bag" size={18} />
      Add to Cart
    </Tap>
  );
  const bar: CSSProperties = {
    flex: 'none',
    display: 'flex',
    gap: 8,
    padding: '10px 12px 14px',
    background: cssColour(cta.background),
    boxShadow: '0 -2px 10px rgba(17,24,39,.08)',
    zIndex: 1,
  };
  if (cta.theme === 'theme_b') {
    return (
      <div style={{ ...bar, flexDirection: 'column' }}>
        <div style={{ display: 'flex', gap: 8 }}>
          {add}
          {heart}
        </div>
        {goBack}
      </div>
    );
  }
  if (cta.theme === 'theme_c') {
    return (
      <div style={{ ...bar, margin: '0 12px 12px', borderRadius: cta.borderRadius + 12, boxShadow: '0 6px 20px rgba(17,24,39,.18)' }}>
        {heart}
        {goBack}
        {add}
      </div>
    );
  }
  return (
    <div style={bar}>
      {goBack}
      {add}
      {heart}
    </div>
  );
}

export function AddToCartDialog({ creation, dispatch }: PhoneScreenProps) {
  return (
    <div style={{ position: 'absolute', inset: 0, background: 'rgba(15,18,30,.5)', display: 'grid', placeItems: 'center', zIndex: 5, padding: 24 }}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="preview-cart-dialog"
        style={{
          background: '#fff',
          color: '#1F2233',
          borderRadius: 18,
          padding: 20,
          width: '100%',
          boxShadow: '0 12px 32px rgba(0,0,0,.25)',
          textAlign: 'left',
        }}
      >
        <div style={{ color: '#2E7D32', marginBottom: 8 }}>
          <Icon name="check" size={34} />
        </div>
        <h3 id="preview-cart-dialog" style={{ margin: '0 0 6px', fontSize: 17 }}>
          Product was added to cart.
        </h3>
        <p style={{ margin: '0 0 18px', color: '#5E6378' }}>Would you like to checkout now?.</p>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Tap onClick={() => dispatch({ type: 'dialog', checkout: false })} style={{ padding: '10px 16px', fontWeight: 600, color: '#5E6378' }}>
            No
          </Tap>
          <PrimaryButton creation={creation} label="Yes" onClick={() => dispatch({ type: 'dialog', checkout: true })} style={{ padding: '10px 22px' }} />
        </div>
      </div>
    </div>
  );
}
