/** `npm start` builds the portal first when dist/ is missing or older than its sources. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What a build depends on, relative to the repository root (contract/: the portal imports it). */
const BUILD_INPUTS = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(target: string, since: number): string | null {
  if (!existsSync(target)) return null;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs > since ? target : null;
  for (const entry of readdirSync(target)) {
    const changed = newestChange(path.join(target, entry), since);
    if (changed) return changed;
  }
  return null;
}

/** A path relative to the repository when inside it, absolute otherwise. */
function shown(repoRoot: string, file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** Why the portal needs building, or null when dist/index.html is newer than every input. */
export function staleReason(repoRoot: string, distDir: string): string | null {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return `${shown(repoRoot, index)} is missing`;
  const builtAt = statSync(index).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const changed = newestChange(path.join(repoRoot, input), builtAt);
    if (changed) return `${shown(repoRoot, changed)} changed since the last build`;
  }
  return null;
}

/** Runs `vite build`; resolves when it succeeds, rejects with the end of its output otherwise. */
export function buildPortal(repoRoot: string, distDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build exited with code ${code}:\n${output.trim()}`));
    });
  });
}
