/**
 * The node toasts render into: a child of <body> beside #root. While a dialog is open MUI's modal
 * manager marks every other child of <body> aria-hidden, which would silence a toast shown over
 * the dialog (a failed login); this node takes that mark off itself again, so every toast is
 * announced. The dialog keeps the focus: a toast is read out, not tabbed to.
 */
let root: HTMLElement | undefined;

export function toastRoot(): HTMLElement {
  if (root) return root;
  const node = document.createElement('div');
  node.id = 'toasts';
  document.body.append(node);
  new MutationObserver(() => {
    if (node.hasAttribute('aria-hidden')) node.removeAttribute('aria-hidden');
  }).observe(node, { attributes: true, attributeFilter: ['aria-hidden'] });
  root = node;
  return node;
}
