/**
 * The design editor (spec section 2, `/new-app/{alias}/design`): the sections of the section map,
 * each with the controls generated for it, beside the phone preview of the page it styles. Every
 * edit goes through useDesignDoc().applyEdit (outbox first, then the realtime store), so the
 * preview, the other tabs and the phone follow it; undo and redo replay inverse patches.
 */
import { type ReactNode, Suspense, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Creation, defaultCreation } from '@contract/creation/schemas';
import type { AdminShop } from '@contract/shops/schemas';
import { usePreviewOrigin } from '../api/get-preview-origin';
import { previewUrl } from '../preview-url';
import { useDesignDoc } from '../use-design-doc';
import { EditorControl } from './Controls';
import {
  type History,
  type Patch,
  contrastWarnings,
  editPatch,
  emptyHistory,
  historyKey,
  inversePatch,
  isControlShown,
  isNoOp,
  recordEdit,
  redo,
  sectionControls,
  undo,
  valueAt,
} from './model';
import { EDITOR_SECTIONS, sectionById } from './section-map';


/** The config version the editor opens (spec section 7: `{apps-root}/production/{alias}/{version}`). */
export const EDITOR_CONFIG_VERSION = 0;

const DEFAULTS = defaultCreation();

export interface DesignEditorProps {
  shop: Pick<AdminShop, 'alias' | 'name' | 'logo'> & { currencySymbol?: string };
  /** The shop's trade, the template category the live preview app is told. */
  templateCategory?: string | undefined;
  /** The phone preview of `creation` on `screen` (the route composes the preview feature in). */
  preview: (creation: Creation, screen: string) => ReactNode;
  /** The Preview instructions modal showing `url` as its QR code. */
  instructions: (props: { url: string; onClose: () => void }) => ReactNode;
  /** Issue 14: the design version (branch) to edit (default EDITOR_CONFIG_VERSION). */
  version?: number;
  /** Issue 14: a viewer sees every section but cannot change anything (the server refuses too). */
  readOnly?: boolean;
  /** Issue 14: told the section the merchant is in (presence). */
  onSectionChange?: (sectionId: string) => void;
  /** Issue 14: shown in the header (who else is in the design). */
  presence?: ReactNode;
}

export function DesignEditor({ shop, templateCategory, preview, instructions: renderInstructions, version = EDITOR_CONFIG_VERSION, readOnly = false, onSectionChange, presence }: DesignEditorProps) {
  const doc = useDesignDoc(shop.alias, version);
  const { creation, applyEdit } = doc;
  const [sectionId, setSectionId] = useState(EDITOR_SECTIONS[0]?.id ?? 'splash');
  useEffect(() => onSectionChange?.(sectionId), [sectionId, onSectionChange]);
  const section = sectionById(sectionId);
  const [history, setHistory] = useState<History>(emptyHistory);
  const [view, setView] = useState<'editor' | 'preview'>('editor');
  const [instructions, setInstructions] = useState(false);
  const wide = useMediaQuery('(min-width: 900px)');
  // Where a phone reaches this portal (the public origin or the server's LAN address).
  const origin = usePreviewOrigin();
  // A new portal version never reloads under an edit still waiting to be stored.
  const creationRef = useRef(creation);
  useLayoutEffect(() => {
    creationRef.current = creation;
  }, [creation]);

  // A new shop's design starts from the defaults with the shop's own name and logo.
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
      // Only a drag's steps carry a time, so only they merge into one undo step.
      setHistory((known) => recordEdit(known, { redo: patch, undo: inversePatch(current, patch), ...(continuous ? { at: Date.now() } : {}) }));
      applyEdit(patch);
    },
    [applyEdit],
  );
  const onEdit = useCallback((path: string, value: unknown, continuous?: boolean) => apply(editPatch(path, value), continuous), [apply]);

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
  const warnings = useMemo(() => contrastWarnings(creation), [creation]);
  const showEditor = wide || view === 'editor';
  const showPreview = wide || view === 'preview';

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ mr: 'auto' }}>
          {shop.name}
        </Typography>
        {presence}
        <Button variant="outlined" onClick={() => step('undo')} disabled={readOnly || history.past.length === 0} aria-keyshortcuts="Control+Z Meta+Z">
          Undo
        </Button>
        <Button variant="outlined" onClick={() => step('redo')} disabled={readOnly || history.future.length === 0} aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
          Redo
        </Button>
        <Button variant="contained" onClick={() => setInstructions(true)}>
          Preview on your phone
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Badge badgeContent={doc.pendingCount} color="warning" max={999} showZero={false}>
          <Typography component="span" data-testid="design-status" sx={{ pr: doc.pendingCount > 0 ? 1.5 : 0 }}>
            {doc.statusText}
          </Typography>
        </Badge>
      </Box>
      {doc.refused && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {doc.refused}
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="contrast-warning">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {warnings.map((warning) => (
              <li key={warning.text}>{warning.text}</li>
            ))}
          </Box>
        </Alert>
      )}
      {!wide && (
        <ToggleButtonGroup exclusive value={view} onChange={(_, next: 'editor' | 'preview' | null) => next && setView(next)} aria-label="Show" size="small" sx={{ mb: 2 }}>
          <ToggleButton value="editor">Editor</ToggleButton>
          <ToggleButton value="preview">Preview</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(0, 1fr) 392px' : '1fr', gap: 3, alignItems: 'start' }}>
        <Box sx={{ display: showEditor ? 'block' : 'none', minWidth: 0 }}>
          <SectionTabs sectionId={section.id} onChange={setSectionId} />
          <Box
            component="fieldset"
            disabled={readOnly}
            role="tabpanel"
            id="design-section-panel"
            aria-labelledby={`design-tab-${section.id}`}
            sx={{ display: 'grid', gap: 2, pt: 2, border: 0, m: 0, px: 0, pb: 0, minWidth: 0 }}
          >
            <Typography component="h3" variant="h6">
              {section.title}
            </Typography>
            {controls
              .filter((control) => isControlShown(control, creation))
              .map((control) => (
                <EditorControl key={control.path} control={control} value={valueAt(creation, control.path)} primary={control.kind === 'theme' ? creation.colors.primary : ''} onEdit={onEdit} onPatch={apply} />
              ))}
          </Box>
        </Box>
        <Box component="section" aria-label="Phone preview" data-testid="design-preview" sx={{ display: showPreview ? 'flex' : 'none', justifyContent: 'center', position: wide ? 'sticky' : 'static', top: 88 }}>
          <Suspense fallback={<Typography>Loading the preview…</Typography>}>{preview(creation, section.screen)}</Suspense>
        </Box>
      </Box>
      {instructions && (
        <Suspense fallback={null}>
          {renderInstructions({
            url: previewUrl(origin, { templateId: shop.alias, version, templateCategory, type: 'CLIENT', environment: 'production' }),
            onClose: () => setInstructions(false),
          })}
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The section tabs, apart: scrollable Tabs measure themselves on every render, which an edit must
 * not pay for (the design editor bench).
 */
const SectionTabs = memo(function SectionTabs({ sectionId, onChange }: { sectionId: string; onChange: (id: string) => void }) {
  return (
    <Tabs value={sectionId} onChange={(_, id: string) => onChange(id)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Design sections">
      {EDITOR_SECTIONS.map((item) => (
        <Tab key={item.id} value={item.id} label={item.title} id={`design-tab-${item.id}`} aria-controls="design-section-panel" />
      ))}
    </Tabs>
  );
});

/** The default design carrying the shop's alias, name, logo and currency. */
function withShop(creation: Creation, shop: DesignEditorProps['shop']): Creation {
  return {
    ...creation,
    shop: { ...creation.shop, alias: shop.alias, name: shop.name, logo: shop.logo, currencySymbol: shop.currencySymbol ?? creation.shop.currencySymbol },
    splashScreen: { ...creation.splashScreen, text: { ...creation.splashScreen.text, appName: shop.name.slice(0, 40) } },
  };
}
