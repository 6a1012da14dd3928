/**
 * The design editor (spec section 2, `/new-app/{alias}/design`): the sections of the section map,
 * each with the controls generated for it, beside the phone preview of the page it styles. Every
 * edit goes through useDesignDoc().applyEdit (outbox first, then the realtime store), so the
 * preview, the other tabs and the phone follow it; undo and redo replay inverse patches.
 */
import { type CSSProperties, type ReactNode, Suspense, memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Creation, defaultCreation } from '@contract/design/schemas';
import type { AdminShop } from '@contract/shops/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { previewOriginQueryOptions } from '@/lib/preview-origin';
import { previewUrl } from '../preview-url';
import { DESIGN_NOT_ON_THIS_DEVICE, type DesignAvailability } from '../document';
import { useDesignDoc } from '../use-design-doc';
import { ControlStyles, EditorControl, type OnEdit } from './Controls';
import { type ContrastWarning, contrastWarnings } from './contrast';
import { type Control, isControlShown, sectionControls, valueAt } from './controls';
import { type History, emptyHistory, historyKey, recordEdit, redo, undo } from './history';
import { type Patch, editPatch, inversePatch, isNoOp } from './patches';
import { EDITOR_SECTIONS, sectionById } from './section-map';

/** The config version the editor opens (spec section 7: `{apps-root}/production/{alias}/{version}`). */
const EDITOR_CONFIG_VERSION = 0;

const DEFAULTS = defaultCreation();

interface DesignEditorProps {
  /** The shop; its selection of trades and categories, when given, is the new design's copy (the phone preview's sample content). */
  shop: Pick<AdminShop, 'alias' | 'name' | 'logo'> &
    Partial<Pick<AdminShop, 'superCategoriesOfInterest' | 'categoriesOfInterest'>> & { currencySymbol?: string };
  /** The shop's trade, the template category the live preview app is told. */
  templateCategory?: string | undefined;
  /** The phone preview of `creation` on `screen` (the route composes the preview feature in). */
  preview: (creation: Creation, screen: string) => ReactNode;
  /** The Preview instructions modal showing `url` (the live preview's path) as its QR code. */
  instructions: (props: { url: string; onClose: () => void }) => ReactNode;
  /** Issue 14: the design version (branch) to edit (default EDITOR_CONFIG_VERSION). */
  version?: number;
  /** Issue 14: a viewer sees every section but cannot change anything (the server refuses too). */
  readOnly?: boolean;
  /** Issue 14: told the section the merchant is in (presence). */
  onSectionChange?: (sectionId: string) => void;
  /** Issue 14: shown in the header (who else is in the design). */
  presence?: ReactNode;
  /** Issue 31: the editor's last action, Order app (the route links it to the app's page; none for those who may not order). */
  orderAction?: ReactNode;
}

export function DesignEditor({
  shop,
  templateCategory,
  preview,
  instructions: renderInstructions,
  version = EDITOR_CONFIG_VERSION,
  readOnly = false,
  onSectionChange,
  presence,
  orderAction,
}: DesignEditorProps) {
  const doc = useDesignDoc(shop.alias, version);
  const { creation, applyEdit } = doc;
  const [sectionId, setSectionId] = useState(EDITOR_SECTIONS[0]?.id ?? 'splash');
  useEffect(() => onSectionChange?.(sectionId), [sectionId, onSectionChange]);
  const section = sectionById(sectionId);
  const [history, setHistory] = useState<History>(emptyHistory);
  const [view, setView] = useState<'editor' | 'preview'>('editor');
  const [instructions, setInstructions] = useState(false);
  const wide = useMediaQuery('(min-width: 900px)');
  const previewColumn = useRef<HTMLDivElement>(null);
  // On a phone, choosing Preview brings the whole phone into view (below the fixed bar).
  const showView = useCallback((next: 'editor' | 'preview') => {
    setView(next);
    if (next === 'preview') requestAnimationFrame(() => previewColumn.current?.scrollIntoView({ block: 'start' }));
  }, []);
  // The origin phones reach is asked for early, so the modal's QR code opens with it.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(previewOriginQueryOptions());
  }, [queryClient]);
  // A new portal version never reloads under an edit still waiting to be stored.
  const creationRef = useRef(creation);
  useLayoutEffect(() => {
    creationRef.current = creation;
  }, [creation]);

  // A new shop's design starts from the defaults with the shop's own name, logo and selection.
  const seeded = useRef(false);
  useEffect(() => {
    if (readOnly || seeded.current || !doc.loaded || doc.revision !== 0 || doc.pendingCount > 0) return;
    seeded.current = true;
    doc.save(withShop(creationRef.current, shop));
  }, [doc, shop, readOnly]);

  const apply = useCallback(
    (patch: Patch, continuous = false) => {
      const current = creationRef.current;
      if (Object.keys(patch).length === 0 || isNoOp(current, patch)) return;
      const undoPatch = inversePatch(current, patch);
      // The edit first: its outbox write starts before React renders this event's updates.
      applyEdit(patch);
      // Only a drag's steps carry a time, so only they merge into one undo step.
      setHistory((known) => recordEdit(known, { redo: patch, undo: undoPatch, ...(continuous ? { at: Date.now() } : {}) }));
    },
    [applyEdit],
  );
  const onEdit = useCallback((path: string, value: unknown, continuous?: boolean) => apply(editPatch(creationRef.current, path, value), continuous), [apply]);

  const step = useCallback(
    (direction: 'undo' | 'redo') => {
      setHistory((known) => {
        const moved = direction === 'undo' ? undo(known) : redo(known);
        if (!moved) return known;
        applyEdit(moved.patch);
        return moved.history;
      });
    },
    [applyEdit],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = historyKey(event);
      if (!action || readOnly) return;
      // A text field keeps its own undo while it is being typed in.
      const target = event.target as HTMLElement | null;
      if (target?.matches('input[type="text"], input:not([type]), textarea')) return;
      event.preventDefault();
      step(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, readOnly]);

  const controls = useMemo(() => sectionControls(section, DEFAULTS), [section]);
  // The contrast check and the colour fields follow the design once it settles (a render React
  // may interrupt): the preview's frame does not wait for them, nor does the next edit's.
  const checked = useSettled(creation);
  const warnings = useMemo(() => contrastWarnings(checked), [checked]);
  // Kept while the design and page stay: the status line's changes do not re-render the phone.
  const phone = useMemo(() => preview(creation, section.screen), [preview, creation, section.screen]);
  // The controls and the phone show a design only once there is one: the store's or this device's copy.
  const ready = doc.availability === 'ready';
  const showEditor = wide || view === 'editor';
  const showPreview = wide || view === 'preview';

  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;
  const openInstructions = useCallback(() => setInstructions(true), []);
  const closeInstructions = useCallback(() => setInstructions(false), []);
  // The editor's side: its controls re-render only those whose values changed.
  const panel = useMemo(
    () => (
      <>
        <SectionTabs sectionId={section.id} onChange={setSectionId} />
        {/* The selected tab names the section: no heading repeats it above the first control. */}
        <fieldset
          disabled={readOnly}
          role="tabpanel"
          id="design-section-panel"
          aria-labelledby={`design-tab-${section.id}`}
          style={{ display: 'grid', gap: 16, paddingTop: 16, border: 0, margin: 0, paddingInline: 0, paddingBottom: 0, minWidth: 0 }}
        >
          <SectionControls controls={controls} creation={creation} settled={checked} onEdit={onEdit} onPatch={apply} />
        </fieldset>
      </>
    ),
    [section, controls, creation, checked, onEdit, apply, readOnly],
  );

  return (
    <div>
      <ControlStyles />
      {/* Parts memoised apart: the status changes with every edit, the buttons seldom. */}
      <div style={HEADER}>
        <div style={{ marginRight: 'auto', minWidth: 0 }}>
          <EditorTitle name={shop.name} />
          <StatusLine pendingCount={doc.pendingCount} text={doc.statusText} revision={doc.revision} />
        </div>
        {presence}
        <EditorActions
          canUndo={!readOnly && canUndo}
          canRedo={!readOnly && canRedo}
          onStep={step}
          onPreviewOnPhone={wide ? openInstructions : null}
          view={wide || !ready ? null : view}
          onView={showView}
        />
        {orderAction}
      </div>
      {doc.refused && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {doc.refused}
        </Alert>
      )}
      {doc.availability !== 'ready' && <NoDesignYet availability={doc.availability} />}
      {ready && !wide && <ContrastWarnings warnings={warnings} />}
      {/* Plain elements with inline styles: an edit re-renders this layout (the phone in it
          changes), and emotion would re-serialise each box's styles every time. */}
      {ready && (
        <div style={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(0, 1fr) 392px' : '1fr', gap: 24, alignItems: 'start' }}>
          <div style={{ display: showEditor ? 'block' : 'none', minWidth: 0 }}>{panel}</div>
          {/* The phone stays in view below the fixed bar (and the verification banner under it),
              whole: the column is the window's height left below the bar, and the phone takes
              what is left of it (PHONE_COLUMN, PHONE_AREA). */}
          <div ref={previewColumn} style={{ ...PHONE_COLUMN, display: showPreview ? 'flex' : 'none' }}>
            {/* Beside the editor, the warnings float over the foot of the phone they are about:
                appearing and going as colours change, they neither move every control of the
                editor nor resize the phone (a new size lays its whole screen out again). */}
            {wide && (
              <div style={WARNINGS_OVER_PHONE}>
                <ContrastWarnings warnings={warnings} floating />
              </div>
            )}
            {/* On a phone the header has room for the Editor/Preview switch; this button goes with the phone. */}
            {!wide && <PreviewOnPhoneButton onClick={openInstructions} sx={{ alignSelf: 'center', mb: 1.5 }} />}
            <section aria-label="Phone preview" data-testid="design-preview" style={PHONE_AREA}>
              <div style={PHONE_BOX}>
                <Suspense fallback={<Typography>Loading the preview…</Typography>}>{phone}</Suspense>
              </div>
            </section>
          </div>
        </div>
      )}
      {instructions && (
        <Suspense fallback={null}>
          {renderInstructions({
            url: previewUrl('', { templateId: shop.alias, version, templateCategory, type: 'CLIENT', environment: 'production' }),
            onClose: closeInstructions,
          })}
        </Suspense>
      )}
    </div>
  );
}

const HEADER = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 12, rowGap: 8, marginBottom: 16 } as const satisfies CSSProperties;

const EditorTitle = memo(function EditorTitle({ name }: { name: string }) {
  return (
    <Typography component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
  );
});

/** Undo, redo and 'Preview on your phone'; on a narrow screen the Editor/Preview switch first (`view`). */
const EditorActions = memo(function EditorActions({
  canUndo,
  canRedo,
  onStep,
  onPreviewOnPhone,
  view,
  onView,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onStep: (direction: 'undo' | 'redo') => void;
  /** Null: the button sits by the phone (a narrow screen). */
  onPreviewOnPhone: (() => void) | null;
  /** Null: both are shown side by side (a wide screen). */
  view: 'editor' | 'preview' | null;
  onView: (view: 'editor' | 'preview') => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {view && (
        <ToggleButtonGroup exclusive value={view} onChange={(_, next: 'editor' | 'preview' | null) => next && onView(next)} aria-label="Show" size="small">
          <ToggleButton value="editor">Editor</ToggleButton>
          <ToggleButton value="preview">Preview</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Tooltip title="Undo">
        <span>
          <IconButton onClick={() => onStep('undo')} disabled={!canUndo} aria-label="Undo" aria-keyshortcuts="Control+Z Meta+Z">
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Redo">
        <span>
          <IconButton onClick={() => onStep('redo')} disabled={!canRedo} aria-label="Redo" aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
      {onPreviewOnPhone && <PreviewOnPhoneButton onClick={onPreviewOnPhone} />}
    </Box>
  );
});

/** The badge of waiting edits and 'All changes saved' / 'N edits waiting' / 'Offline'; the stored revision as data. */
const StatusLine = memo(function StatusLine({ pendingCount, text, revision }: { pendingCount: number; text: string; revision: number }) {
  return (
    // Size and layout containment make the line a relayout boundary: its text and badge change
    // with every edit, and must not lay out the page around it (the badge may paint outside).
    <div role="status" aria-live="polite" style={{ display: 'flex', alignItems: 'center', height: 24, contain: 'size layout style' }}>
      <Badge badgeContent={pendingCount} color="warning" max={999} showZero={false}>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          data-testid="design-status"
          data-revision={revision}
          style={{ paddingRight: pendingCount > 0 ? 12 : 0 }}
        >
          {text}
        </Typography>
      </Badge>
    </div>
  );
});

function PreviewOnPhoneButton({ onClick, sx }: { onClick: () => void; sx?: SxProps<Theme> }) {
  return (
    <Button variant="contained" onClick={onClick} sx={sx}>
      Preview on your phone
    </Button>
  );
}

/**
 * Nothing to show yet: the store has not answered, or (offline) this device never had the design.
 * Never the built-in default design in its place: a merchant would take it for theirs.
 */
function NoDesignYet({ availability }: { availability: Exclude<DesignAvailability, 'ready'> }) {
  if (availability === 'loading') return <Typography sx={{ py: 4 }}>Loading your design…</Typography>;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Try again
        </Button>
      }
    >
      {DESIGN_NOT_ON_THIS_DEVICE}
    </Alert>
  );
}

const ContrastWarnings = memo(function ContrastWarnings({ warnings, floating = false }: { warnings: ContrastWarning[]; floating?: boolean }) {
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={floating ? { boxShadow: 6 } : { mb: 2 }} data-testid="contrast-warning">
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {warnings.map((warning) => (
          <li key={warning.text}>{warning.text}</li>
        ))}
      </Box>
    </Alert>
  );
});

/**
 * The open section's controls, each re-rendered only when its own value changed. Colour fields
 * (and the theme thumbnails' colour) follow the design once it settles (useSettled): a primary
 * colour derives four more colours, and their fields must not hold up the frame that paints an
 * edit, nor the next edit of a drag. They keep what the merchant types in them, so nothing they
 * show lags behind the merchant; every other control follows at once (a switch or a slider must
 * not lag a frame).
 */
const SectionControls = memo(function SectionControls({
  controls,
  creation,
  settled,
  onEdit,
  onPatch,
}: {
  controls: Control[];
  creation: Creation;
  settled: Creation;
  onEdit: OnEdit;
  onPatch: (patch: Patch) => void;
}) {
  return controls
    .filter((control) => isControlShown(control, creation))
    .map((control) => (
      // No `content-visibility: auto` here: skipped boxes hide their real colours from the
      // contrast check (axe then reads the page behind them). Layout containment instead (ControlStyles).
      <div key={control.path} className="dc-control">
        <EditorControl
          control={control}
          value={shownValue(control, creation, settled)}
          primary={control.kind === 'theme' ? settled.colors.primary : ''}
          onEdit={onEdit}
          onPatch={onPatch}
        />
      </div>
    ));
});

/**
 * What a control shows: colours (a colour field, a gradient's two stops) from the settled design,
 * everything else from the design itself. A gradient's direction and spread follow at once; its
 * stops' four text fields must not hold up the frame that paints a primary colour's derivation.
 */
function shownValue(control: Control, creation: Creation, settled: Creation): unknown {
  if (control.kind === 'colour') return valueAt(settled, control.path);
  const value = valueAt(creation, control.path);
  if (control.kind !== 'gradient') return value;
  const gradient = value as Creation['toolBar']['gradient'];
  const colors = (valueAt(settled, control.path) as Creation['toolBar']['gradient'] | undefined)?.colors ?? gradient.colors;
  return colors === gradient.colors ? gradient : { ...gradient, colors };
}

/**
 * The section tabs, apart: scrollable Tabs measure themselves on every render, which an edit must
 * not pay for (the design editor bench).
 */
const SectionTabs = memo(function SectionTabs({ sectionId, onChange }: { sectionId: string; onChange: (id: string) => void }) {
  return (
    <Tabs
      value={sectionId}
      onChange={(_, id: string) => onChange(id)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Design sections"
    >
      {EDITOR_SECTIONS.map((item) => (
        <Tab key={item.id} value={item.id} label={item.title} id={`design-tab-${item.id}`} aria-controls="design-section-panel" />
      ))}
    </Tabs>
  );
});

/**
 * The phone's column: as tall as the window below the fixed bar (--app-bar-height, AppShell),
 * sticky under it. The phone area inside is a size container: the phone is as tall as it allows
 * (760 px at most), as wide as its proportions give, and never wider than the column.
 */
const PHONE_COLUMN = {
  position: 'sticky',
  top: 'calc(var(--app-bar-height, 64px) + 12px)',
  scrollMarginTop: 'calc(var(--app-bar-height, 64px) + 12px)',
  height: 'calc(100dvh - var(--app-bar-height, 64px) - 24px)',
  minHeight: 420,
  flexDirection: 'column',
  alignItems: 'stretch',
} as const satisfies CSSProperties;
const WARNINGS_OVER_PHONE = { position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 1 } as const satisfies CSSProperties;
const PHONE_AREA = { flex: '1 1 0', minHeight: 0, containerType: 'size', display: 'flex', justifyContent: 'center' } as const satisfies CSSProperties;
// Not stretched (align-items): the frame keeps its proportions, its width the box's.
const PHONE_BOX = {
  height: 'min(760px, 100cqh)',
  aspectRatio: '372 / 760',
  maxWidth: '100%',
  minWidth: 0,
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
} as const satisfies CSSProperties;

/** How long the design stays unchanged before what follows from its colours is rendered. */
const SETTLE_MS = 200;

/**
 * `value` once it has stayed the same for SETTLE_MS (then as a transition). A drag of a colour
 * picker, or edits in quick succession, repaint the phone at once; what follows from the design's
 * colours (the derived colour fields, the theme thumbnails, the contrast check: 20-60 ms of render,
 * layout and paint at a phone's CPU speed) is rendered once, when the merchant pauses, instead of
 * in the frame of the next edit.
 */
function useSettled<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    const timer = setTimeout(() => startTransition(() => setShown(value)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [shown, value]);
  return shown;
}

/** The default design carrying the shop's alias, name, logo, currency and selection (the server keeps the selection in step). */
function withShop(creation: Creation, shop: DesignEditorProps['shop']): Creation {
  return {
    ...creation,
    superCategoriesOfInterest: shop.superCategoriesOfInterest ?? creation.superCategoriesOfInterest,
    categoriesOfInterest: shop.categoriesOfInterest ?? creation.categoriesOfInterest,
    shop: { ...creation.shop, alias: shop.alias, name: shop.name, logo: shop.logo, currencySymbol: shop.currencySymbol ?? creation.shop.currencySymbol },
    splashScreen: { ...creation.splashScreen, text: { ...creation.splashScreen.text, appName: shop.name.slice(0, 40) } },
  };
}
