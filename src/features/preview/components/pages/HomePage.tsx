/** The home page: the slide show, the search bar below it, the home categories and the product cards. */
import { memo, useMemo } from 'react';
import { cssColour } from '@contract/colour';
import type { Creation } from '@contract/design/schemas';
import type { ProductCategory } from '@contract/catalog/schemas';
import { type SampleData, homeCategoryItems, measurementItems } from '../../sample';
import { gradientCss, radiusCss, borderCss } from '../../styles';
import { homeCategoryTitle } from '../../truncation';
import { Picture, Tap, textCss } from '../parts';
import { MeasurementList } from '../MeasurementList';
import type { PhoneScreenProps } from '../phone-screen-props';
import { SearchBar } from '../PhoneToolbar';

export function HomePage(props: PhoneScreenProps) {
  const { creation, sample, selections, dispatch } = props;
  // The same 30 items (and so the same memoised cards) for as long as the sample stays.
  const items = useMemo(() => measurementItems(sample.products), [sample.products]);
  const slides = sample.slides;
  const slide = slides.length > 0 ? slides[selections.slide % slides.length] : undefined;
  const searchBelow = creation.searchBar.position === 'below-slide-show';
  return (
    <div style={{ paddingBottom: 90 }}>
      {slide && (
        // The slides' own proportions (960 x 400): a narrower phone shows the whole slide smaller,
        // never a slide cut at its sides (its text is part of the picture).
        <div
          style={{ position: 'relative', aspectRatio: '12 / 5', margin: 12, borderRadius: 16, overflow: 'hidden', boxShadow: '0 4px 14px rgba(17,24,39,.16)' }}
          aria-roledescription="slideshow"
        >
          {slide.image ? (
            <Picture src={slide.image} alt={slide.title} />
          ) : (
            <span style={{ display: 'block', height: '100%', background: gradientCss(creation.toolBar.gradient) }} />
          )}
          {!slide.image && (
            // A locally made slide (spec section 8) has no picture: its title is drawn instead.
            <div
              style={{
                position: 'absolute',
                inset: 0,
                color: '#fff',
                padding: 16,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                textAlign: 'left',
              }}
            >
              <strong style={{ fontSize: 19, lineHeight: 1.15 }}>{slide.title}</strong>
              <span style={{ fontSize: 12, opacity: 0.9, marginTop: 4 }}>{slide.subtitle}</span>
            </div>
          )}
          <SlidePosition index={selections.slide % slides.length} slides={slides} />
        </div>
      )}
      {searchBelow && (
        <div style={{ margin: '0 12px 12px' }}>
          <SearchBar creation={creation} />
        </div>
      )}
      {creation.homeCategories.isShow && <HomeCategories h={creation.homeCategories} categories={sample.categories} dispatch={dispatch} />}
      <h3 style={{ margin: '6px 14px 10px', fontSize: 16, textAlign: 'left' }}>Popular now</h3>
      <MeasurementList
        m={creation.measurementItem}
        template={creation.appTemplate.theme}
        symbol={creation.shop.currencySymbol}
        products={items}
        dispatch={dispatch}
      />
    </div>
  );
}

/** Up to MAX_SLIDE_DOTS slides: a dot each; more: '3 / 12' (a row of dots would cross the slide). */
const MAX_SLIDE_DOTS = 6;

function SlidePosition({ index, slides }: { index: number; slides: SampleData['slides'] }) {
  if (slides.length < 2) return null;
  if (slides.length > MAX_SLIDE_DOTS) {
    return (
      <span
        style={{
          position: 'absolute',
          bottom: 8,
          right: 12,
          padding: '0 8px',
          borderRadius: 10,
          background: 'rgba(0,0,0,.45)',
          color: '#fff',
          fontSize: 11,
          lineHeight: '18px',
        }}
      >
        {index + 1} / {slides.length}
      </span>
    );
  }
  return (
    <div style={{ position: 'absolute', bottom: 8, right: 12, display: 'flex', gap: 4 }}>
      {slides.map((slide, i) => (
        <span key={slide.id} style={{ width: i === index ? 14 : 6, height: 6, borderRadius: 3, background: i === index ? '#fff' : 'rgba(255,255,255,.55)' }} />
      ))}
    </div>
  );
}

const HomeCategories = memo(function HomeCategories({
  h,
  categories,
  dispatch,
}: {
  h: Creation['homeCategories'];
  categories: ProductCategory[];
  dispatch: PhoneScreenProps['dispatch'];
}) {
  const theme = h.theme;
  const items = homeCategoryItems(categories);
  const highlight = cssColour(h.itemHighlight);
  const grid = theme === 'theme_c' || theme === 'theme_f';
  return (
    <div
      style={{
        background: cssColour(h.backgroundColor),
        padding: `${h.spacing}px 12px`,
        margin: '0 0 12px',
        display: grid ? 'grid' : 'flex',
        gridTemplateColumns: theme === 'theme_c' ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)',
        gap: h.spacing,
        overflowX: grid ? 'hidden' : 'auto',
      }}
    >
      {items.map((category, i) => {
        const title = homeCategoryTitle(theme, category.name);
        const open = () => dispatch({ type: 'category', id: category.id });
        const font = textCss(h.font);
        switch (theme) {
          case 'theme_b': // round icons with the title underneath
            return (
              <Tap key={category.id} onClick={open} style={{ flex: 'none', width: 66, textAlign: 'center', ...font }}>
                <span
                  style={{
                    display: 'block',
                    width: 58,
                    height: 58,
                    margin: '0 auto 6px',
                    borderRadius: 29,
                    overflow: 'hidden',
                    border: `2px solid ${i === 0 ? highlight : 'transparent'}`,
                    padding: 2,
                    background: '#fff',
                  }}
                >
                  <Picture src={category.icon} alt="" style={{ borderRadius: 27 }} />
                </span>
                {title}
              </Tap>
            );
          case 'theme_c': // tiles of three
            return (
              <Tap
                key={category.id}
                onClick={open}
                style={{ border: borderCss(h.border), borderRadius: radiusCss(h.border.radius), overflow: 'hidden', background: '#fff', ...font }}
              >
                <span style={{ display: 'block', height: 58 }}>
                  <Picture src={category.imageList[0] ?? category.icon} alt="" />
                </span>
                <span style={{ display: 'block', padding: 6, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
              </Tap>
            );
          case 'theme_d': // pills
            return (
              <Tap
                key={category.id}
                onClick={open}
                style={{ flex: 'none', padding: '8px 14px', borderRadius: 999, background: i === 0 ? highlight : '#fff', border: borderCss(h.border), ...font }}
              >
                {title}
              </Tap>
            );
          case 'theme_e': // wide picture cards with the title over them
            return (
              <Tap
                key={category.id}
                onClick={open}
                style={{ flex: 'none', width: 150, height: 84, position: 'relative', borderRadius: radiusCss(h.border.radius), overflow: 'hidden' }}
              >
                <Picture src={category.imageList[0] ?? category.icon} alt="" />
                <span
                  style={{
                    position: 'absolute',
                    inset: 'auto 0 0 0',
                    padding: '18px 8px 6px',
                    background: 'linear-gradient(transparent, rgba(0,0,0,.65))',
                    color: '#fff',
                    fontSize: h.font.size,
                    textAlign: 'left',
                  }}
                >
                  {title}
                </span>
              </Tap>
            );
          case 'theme_f': // two-column list rows
            return (
              <Tap
                key={category.id}
                onClick={open}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: 6,
                  border: borderCss(h.border),
                  borderRadius: radiusCss(h.border.radius),
                  background: i === 0 ? highlight : '#fff',
                  textAlign: 'left',
                  ...font,
                }}
              >
                <span style={{ width: 34, height: 34, flex: 'none', borderRadius: 8, overflow: 'hidden' }}>
                  <Picture src={category.icon} alt="" />
                </span>
                <span style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
              </Tap>
            );
          default: // theme_a: outlined chips with icons
            return (
              <Tap
                key={category.id}
                onClick={open}
                style={{
                  flex: 'none',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 6,
                  padding: '6px 12px 6px 6px',
                  border: borderCss(h.border),
                  borderRadius: radiusCss(h.border.radius),
                  background: i === 0 ? highlight : '#fff',
                  ...font,
                }}
              >
                <span style={{ width: 28, height: 28, borderRadius: 14, overflow: 'hidden' }}>
                  <Picture src={category.icon} alt="" />
                </span>
                {title}
              </Tap>
            );
        }
      })}
    </div>
  );
});
