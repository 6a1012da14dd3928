/** The categories page: every sample category as a tile. */
import { cssColour } from '@contract/colour';
import { categoryColumns } from '../../truncation';
import { Picture, Tap } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function CategoriesPage({ creation, sample, dispatch }: PhoneScreenProps) {
  const k = creation.categories;
  const columns = categoryColumns(k.theme);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: k.spacing, padding: 12, paddingBottom: 90 }}>
      {sample.categories.map((category) => (
        <Tap
          key={category.id}
          onClick={() => dispatch({ type: 'category', id: category.id })}
          style={{
            position: 'relative',
            height: columns === 1 ? 110 : 130,
            borderRadius: k.item.borderRadius,
            overflow: 'hidden',
            background: cssColour(k.item.color),
            boxShadow: '0 2px 8px rgba(17,24,39,.12)',
          }}
        >
          {k.theme === 'theme_c' ? (
            <span style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
              <span style={{ flex: 1, minHeight: 0 }}>
                <Picture src={category.imageList[0] ?? category.icon} alt="" />
              </span>
              <span style={{ padding: 8, fontWeight: 600, color: cssColour(creation.colors.bodyColor), textAlign: 'center' }}>{category.name}</span>
            </span>
          ) : (
            <>
              <Picture src={category.imageList[0] ?? category.icon} alt="" />
              <span style={{ position: 'absolute', inset: 0, background: cssColour(k.overlayColor), display: 'grid', placeItems: 'center', padding: 8 }}>
                <span style={{ color: cssColour(k.item.fontColor), fontWeight: 700, fontSize: columns === 1 ? 20 : 15, letterSpacing: 0.3 }}>
                  {category.name}
                </span>
              </span>
            </>
          )}
        </Tap>
      ))}
    </div>
  );
}
