#define STORE_PATH /buy
