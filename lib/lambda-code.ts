import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AssetHashType, type ILocalBundling } from 'aws-cdk-lib';
import { Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import { bundleLambdaSync, LAMBDA_BUNDLING, type LambdaEntry, PROJECT_ROOT } from './bundling';

/**
 * A function's asset, bundled here with the project's esbuild (lib/bundling.ts): `index.mjs`, its
 * chunks and source maps, plus its native modules installed for Lambda's platform. NodejsFunction
 * cannot emit chunks (it passes --outfile), hence Code.fromAsset with local bundling.
 */
export function lambdaCode(entry: LambdaEntry): Code {
  return Code.fromAsset(PROJECT_ROOT, {
    // Hash what was built, not the project directory (node_modules and all).
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the API, never pulled: local bundling either succeeds or throws.
      image: Runtime.NODEJS_22_X.bundlingImage,
      local: new LocalLambdaBundling(entry),
    },
  });
}

/** A class, not a literal: CDK keys its asset cache on the bundling options' JSON, which then names the entry. */
class LocalLambdaBundling implements ILocalBundling {
  constructor(readonly entry: LambdaEntry) {}

  tryBundle(outputDir: string): boolean {
    bundleLambdaSync(this.entry, outputDir);
    if (this.entry.nativeModules.length) installNativeModules(this.entry.nativeModules, outputDir);
    return true;
  }
}

/**
 * Installs native modules beside the bundle for Lambda's linux-arm64 (glibc) as NodejsFunction's
 * `nodeModules` does: a package.json naming them at the project's version ranges, the project's
 * lock file, `npm ci`. npm picks the platform packages (e.g. @img/sharp-linux-arm64) for Lambda,
 * not for the build machine.
 */
function installNativeModules(modules: readonly string[], outputDir: string): void {
  const project = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const dependencies = Object.fromEntries(
    modules.map((name) => {
      const version = project.dependencies[name];
      if (!version) throw new Error(`Native module ${name} is not a dependency in package.json`);
      return [name, version];
    }),
  );
  writeFileSync(path.join(outputDir, 'package.json'), JSON.stringify({ dependencies }));
  copyFileSync(path.join(PROJECT_ROOT, 'package-lock.json'), path.join(outputDir, 'package-lock.json'));
  const { os, cpu, libc } = LAMBDA_BUNDLING.nativePlatform;
  execFileSync('npm', ['ci'], {
    cwd: outputDir,
    env: { ...process.env, npm_config_os: os, npm_config_cpu: cpu, npm_config_libc: libc },
    stdio: ['ignore', process.stderr, process.stderr],
  });
}
