import { App } from 'aws-cdk-lib';
import { definePhysicianMentorsApp } from '../lib/stack';

definePhysicianMentorsApp(new App());
