import { createShopApp } from '../lib/shop-app';

createShopApp();
